import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: string;
  subtitle?: string | undefined;
  /**
   * The subtitle's line is kept while the subtitle is not known yet (a count still loading), so
   * that its arrival does not push the page down (Lighthouse's layout shift, issue 17).
   */
  reserveSubtitle?: boolean;
  actions?: ReactNode;
}

export function PageHeader({ title, subtitle, reserveSubtitle = false, actions }: PageHeaderProps) {
  return (
    <header className="mb-6 flex flex-wrap items-start justify-between gap-4">
      <div>
        <h1 className="text-2xl font-semibold text-gray-900">{title}</h1>
        {subtitle ? (
          <p className="mt-1 text-sm text-gray-500">{subtitle}</p>
        ) : (
          reserveSubtitle && (
            <p aria-hidden="true" data-testid="subtitle-placeholder" className="mt-1 text-sm">
              {'\u00a0'}
            </p>
          )
        )}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </header>
  );
}
