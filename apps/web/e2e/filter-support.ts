import { expect, type Locator, type Page } from '@playwright/test';

/* Helpers of the filter journeys: filters.spec, filter-journeys.spec and filter-import.spec. */

export const filterRow = (page: Page, name: string) => page.getByRole('listitem', { name, exact: true });
export const filterList = (page: Page) => page.getByRole('list', { name: /^(필터 \d+개|\d+ filters?)$/ });
/** The filters' names as the list shows them, top to bottom. */
export const filterNames = (page: Page) => filterList(page).getByRole('heading', { level: 3 });

export async function fillCondition(group: Locator, type: string, operator: string, value: string) {
  await group.getByLabel('조건 종류').selectOption(type);
  await group.getByLabel('연산자').selectOption(operator);
  await group.getByLabel('값').fill(value);
}

/** Drags with the mouse as a person does: press on the grip, move in small steps, let go. */
export async function dragWithMouse(page: Page, handle: Locator, target: Locator) {
  // The grips work once dnd-kit's code has come, just after the rows.
  await expect(handle).toBeEnabled();
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('drag handle or target is not on screen');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  // dnd-kit's pointer sensor starts after 5 px, then follows each move.
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 5 });
  await page.mouse.move(from.x + from.width / 2, to.y + to.height / 2, { steps: 20 });
  await page.mouse.move(from.x + from.width / 2, to.y + to.height / 2 - 2, { steps: 2 });
}

/** Chooses a file with the import button, as a person does, through the file chooser. */
export async function importFile(
  page: Page,
  button: string,
  file: { name: string; mimeType: string; text: string },
) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button, exact: true }).click();
  await (
    await chooser
  ).setFiles({ name: file.name, mimeType: file.mimeType, buffer: Buffer.from(file.text) });
}

export async function expectCondition(group: Locator, type: string, operator: string, value?: string) {
  await expect(group.getByLabel('조건 종류')).toHaveValue(type);
  await expect(group.getByLabel('연산자')).toHaveValue(operator);
  if (value !== undefined) await expect(group.getByLabel('값')).toHaveValue(value);
}
