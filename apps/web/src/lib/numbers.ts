/**
 * A count as the user's language writes it ("20,000"). Both of the app's languages (ko, en) put a
 * comma between groups of three digits (numbers.test.ts checks it against Intl for each), so this
 * is done by hand: building the first Intl.NumberFormat cost about 50 ms of a phone-speed inbox
 * load (issue 17, bench/web-profile.mjs), for one number in the page's summary line.
 */
export function formatCount(value: number): string {
  return String(Math.trunc(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
