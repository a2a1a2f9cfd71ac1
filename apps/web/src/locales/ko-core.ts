/**
 * The areas every page reads, the login page no more (i18n.ts CORE_AREAS): loaded at start. The
 * others come in ko.ts with the signed-in layout, so the login page does not download the mail
 * client's texts (issue 33: about 9 kB of its 120). By file, as ko.ts.
 */
export default import.meta.glob<Record<string, unknown>>('./ko/{common,auth,ui}.json', {
  eager: true,
  import: 'default',
});
