import type { SVGProps } from 'react';

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & {
  /** Path data on a 24-unit grid. */
  paths: readonly string[];
  size?: number;
  /** Filled with the text colour instead of drawn as a line. */
  filled?: boolean;
};

/**
 * The one icon of the app: line paths on a 24-unit grid that inherit the text colour. Decorative,
 * hidden from screen readers: the button or text beside it carries the name.
 */
export function Icon({ paths, size = 20, filled = false, strokeWidth = 1.8, ...rest }: IconProps) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      {...rest}
    >
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

/** A named icon: its paths and default size bound once, the rest as for `Icon`. */
export function defineIcon(paths: readonly string[], defaults: { size?: number; filled?: boolean } = {}) {
  return function NamedIcon(props: Omit<IconProps, 'paths'>) {
    return <Icon paths={paths} {...defaults} {...props} />;
  };
}
