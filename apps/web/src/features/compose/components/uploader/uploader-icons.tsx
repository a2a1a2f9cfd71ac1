import type { SVGProps } from 'react';

/** Line icons of the uploader, drawn like components/ui/icons; decorative, hidden from screen readers. */
type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & { size?: number };

function lineIcon(paths: string[]) {
  return function Icon({ size = 20, ...rest }: IconProps) {
    return (
      <svg
        aria-hidden="true"
        focusable="false"
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
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

export const UploadCloudIcon = /* @__PURE__ */ lineIcon([
  'M7 18a4.5 4.5 0 0 1-.6-8.96A6 6 0 0 1 18 9a4 4 0 0 1 0 9',
  'M12 12v8',
  'M9 15l3-3 3 3',
]);
export const FileIcon = /* @__PURE__ */ lineIcon(['M6 3h8l4 4v14H6z', 'M14 3v4h4']);
export const AlertIcon = /* @__PURE__ */ lineIcon(['M12 4 2.5 20h19z', 'M12 10v4', 'M12 17v.5']);
export const RemoveIcon = /* @__PURE__ */ lineIcon(['M6 6l12 12', 'M18 6 6 18']);
