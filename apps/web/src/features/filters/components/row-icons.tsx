import type { SVGProps } from 'react';

/** The few glyphs the filter rows need beyond components/ui/icons; decorative, like those. */
function glyph(paths: string[]) {
  return function Glyph(props: Omit<SVGProps<SVGSVGElement>, 'children'>) {
    return (
      <svg
        aria-hidden="true"
        focusable="false"
        width={16}
        height={16}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        {...props}
      >
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    );
  };
}

export const ArrowUpGlyph = /* @__PURE__ */ glyph(['M12 19V5', 'M6 11l6-6 6 6']);
export const ArrowDownGlyph = /* @__PURE__ */ glyph(['M12 5v14', 'M6 13l6 6 6-6']);
export const GripGlyph = /* @__PURE__ */ glyph([
  'M9 6h.01',
  'M15 6h.01',
  'M9 12h.01',
  'M15 12h.01',
  'M9 18h.01',
  'M15 18h.01',
]);
