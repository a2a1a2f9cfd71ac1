import type { ContactSuggestion, ContactSuggestions } from '@postline/shared/contacts';
import { formatRecipient } from '@postline/shared/recipients';
import type { ChipSuggestion } from '@/components/ui/chip-suggestions';
import { api } from '../api-client';

/*
 * Recipient autocomplete (issue 36): GET /contacts/suggest, shared by every recipient field (compose,
 * reply and forward, which the contacts feature does not own): the field's `suggest` is this.
 */

function chip({ name, address }: { name: string | null; address: string }): string {
  return formatRecipient({ address, name: name && name !== address ? name : null });
}

function toChipSuggestion(item: ContactSuggestion, index: number): ChipSuggestion {
  if (item.kind === 'group')
    return {
      key: `group-${item.groupId ?? index}`,
      label: item.name ?? '',
      groupSize: item.members.length,
      values: item.members.map(chip),
    };
  const address = item.address ?? '';
  return {
    key: `${item.kind}-${address}`,
    label: item.name || address,
    detail: item.name ? address : undefined,
    values: [chip({ name: item.name, address })],
  };
}

/** The suggestions for what was typed, as a recipient field shows them. */
export async function suggestRecipients(query: string, signal: AbortSignal): Promise<ChipSuggestion[]> {
  const answer = await api.get<ContactSuggestions>('/contacts/suggest', { params: { q: query }, signal });
  return answer.items
    .filter((item) => item.kind !== 'group' || item.members.length > 0)
    .map(toChipSuggestion);
}
