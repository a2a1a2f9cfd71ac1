import type { SVGProps } from 'react';

/** Icons only the mail list needs; decorative, they take the text colour. */
type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & { size?: number };

function svg(paths: string[], fill = false) {
  return function Icon({ size = 18, ...rest }: IconProps) {
    return (
      <svg
        aria-hidden="true"
        focusable="false"
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill={fill ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth={1.8}
        strokeLinecap="round"
        strokeLinejoin="round"
        {...rest}
      >
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    );
  };
}

const STAR = 'M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z';
export const StarOutlineIcon = svg([STAR]);
export const StarFilledIcon = svg([STAR], true);
export const PaperclipIcon = svg([
  'M20 11.5l-8 8a5 5 0 0 1-7-7l8.5-8.5a3.3 3.3 0 0 1 4.7 4.7L9.7 17.2a1.7 1.7 0 0 1-2.4-2.4l7.6-7.6',
]);
export const SearchIcon = svg(['M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14z', 'M20 20l-4-4']);
export const ChevronDownIcon = svg(['M6 9l6 6 6-6']);
export const ArrowUpIcon = svg(['M12 19V5', 'M6 11l6-6 6 6']);
export const ArrowDownIcon = svg(['M12 5v14', 'M6 13l6 6 6-6']);
