import type { SVGProps } from 'react';

/** Icons of the message view's toolbar; decorative, they take the text colour. */
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
export const BackIcon = svg(['M15 18l-6-6 6-6']);
export const ReplyIcon = svg(['M10 8L4 13l6 5', 'M4 13h10a6 6 0 0 1 6 6v1']);
export const ReplyAllIcon = svg(['M12 8l-6 5 6 5', 'M7 8l-5 5 5 5', 'M6 13h8a6 6 0 0 1 6 6v1']);
export const ForwardIcon = svg(['M14 8l6 5-6 5', 'M20 13H10a6 6 0 0 0-6 6v1']);
export const StarOutlineIcon = svg([STAR]);
export const StarFilledIcon = svg([STAR], true);
export const UnreadIcon = svg(['M4 6h16v12H4z', 'M4 7l8 6 8-6']);
export const DeleteIcon = svg(['M4 7h16', 'M9 7V4h6v3', 'M6 7l1 13h10l1-13']);
export const PaperclipIcon = svg([
  'M20 11.5l-8 8a5 5 0 0 1-7-7l8.5-8.5a3.3 3.3 0 0 1 4.7 4.7L9.7 17.2a1.7 1.7 0 0 1-2.4-2.4l7.6-7.6',
]);
