interface Bar {
  key: string;
  label: string;
  count: number;
}

/** A small bar chart as a list, so screen readers read each label with its count. */
export function ExecutionBars({
  title,
  bars,
  describe,
}: {
  title: string;
  bars: Bar[];
  describe: (bar: Bar) => string;
}) {
  const max = Math.max(1, ...bars.map((b) => b.count));
  return (
    <figure className="min-w-0">
      <figcaption className="mb-2 text-sm font-medium text-gray-700">{title}</figcaption>
      <ul className="flex h-28 items-end gap-0.5 border-b border-gray-200">
        {bars.map((bar) => (
          <li key={bar.key} className="flex h-full min-w-0 flex-1 flex-col justify-end" title={describe(bar)}>
            <span className="sr-only">{describe(bar)}</span>
            <span
              aria-hidden="true"
              className="block rounded-t bg-brand-500/80"
              style={{ height: `${bar.count === 0 ? 0 : Math.max(4, (bar.count / max) * 100)}%` }}
            />
          </li>
        ))}
      </ul>
      <div aria-hidden="true" className="mt-1 flex justify-between text-[10px] text-gray-500">
        <span>{bars[0]?.label}</span>
        <span>{bars[bars.length - 1]?.label}</span>
      </div>
    </figure>
  );
}
