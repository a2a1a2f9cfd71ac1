/**
 * The areas the signed-in screens read beyond en-core.ts, in one chunk: one request instead of 10
 * (issue 17), loaded with the signed-in layout (i18n.ts loadAllAreas). By file; i18n.ts names the
 * areas (catalogueOf), so that this chunk imports nothing, not even a chunk of its own for that
 * function.
 */
export default import.meta.glob<Record<string, unknown>>(['./en/*.json', '!./en/{common,auth,ui}.json'], {
  eager: true,
  import: 'default',
});
