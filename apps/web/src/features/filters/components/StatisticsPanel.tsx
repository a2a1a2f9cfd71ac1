import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { canonicalActionType, type FilterStatistics } from '@postline/shared/filters';
import { LoadingBlock } from '@/components/ui/Spinner';
import { useFilterStatistics } from '../queries';
import { ExecutionBars } from './ExecutionBars';

/** SPEC §2: the share of active filters as a whole percent, 0 when there are none. */
export function activationPercent(stats: Pick<FilterStatistics, 'totalFilters' | 'activeFilters'>): number {
  return stats.totalFilters === 0 ? 0 : Math.round((stats.activeFilters / stats.totalFilters) * 100);
}

function StatCard({ label, value }: { label: string; value: number | string }) {
  return (
    <div className="rounded-lg border border-gray-200 bg-white px-4 py-3">
      <dt className="text-xs text-gray-500">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-gray-900">{value}</dd>
    </div>
  );
}

/** The statistics panel (SPEC §2), with executions by day and hour where the server has them. */
export function StatisticsPanel() {
  const { t, i18n } = useTranslation('filters');
  const { statistics: stats, isLoading } = useFilterStatistics();

  let body;
  if (!stats) {
    body = isLoading ? <LoadingBlock label={t('stats.loading')} compact /> : null;
  } else if (stats.totalFilters === 0) {
    body = <p className="py-6 text-center text-sm text-gray-500">{t('stats.empty')}</p>;
  } else {
    const rate = activationPercent(stats);
    const dayFormat = new Intl.DateTimeFormat(i18n.language, { month: 'numeric', day: 'numeric' });
    body = (
      <>
        <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
          <StatCard label={t('stats.total')} value={stats.totalFilters} />
          <StatCard label={t('stats.active')} value={stats.activeFilters} />
          <StatCard label={t('stats.inactive')} value={stats.inactiveFilters} />
          <StatCard label={t('stats.totalExecutions')} value={stats.totalExecutions} />
        </dl>
        <div className="mt-4">
          <div className="mb-1 flex justify-between text-sm">
            <span id="filters-activation-rate" className="font-medium text-gray-700">
              {t('stats.activationRate')}
            </span>
            <span className="text-gray-900">{t('stats.percent', { value: rate })}</span>
          </div>
          <div
            role="meter"
            aria-labelledby="filters-activation-rate"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={rate}
            className="h-2.5 overflow-hidden rounded-full bg-gray-200"
          >
            <div className="h-full rounded-full bg-green-500" style={{ width: `${rate}%` }} />
          </div>
          {stats.averageExecutionTimeMs !== null && (
            <p className="mt-2 text-xs text-gray-500">
              {t('stats.averageTime', { ms: stats.averageExecutionTimeMs.toFixed(2) })}
            </p>
          )}
        </div>
        {stats.executionsByDay.some((d) => d.count > 0) && (
          <div className="mt-5 grid gap-6 md:grid-cols-2">
            <ExecutionBars
              title={t('stats.byDay', { zone: stats.timeZone })}
              bars={stats.executionsByDay.map((d) => ({
                key: d.date,
                label: dayFormat.format(new Date(`${d.date}T00:00:00`)),
                count: d.count,
              }))}
              describe={(bar) => t('stats.barText', { label: bar.label, count: bar.count })}
            />
            <ExecutionBars
              title={t('stats.byHour', { zone: stats.timeZone })}
              bars={stats.executionsByHour.map((h) => ({
                key: String(h.hour),
                label: t('stats.hour', { hour: h.hour }),
                count: h.count,
              }))}
              describe={(bar) => t('stats.barText', { label: bar.label, count: bar.count })}
            />
          </div>
        )}
        <div className="mt-5 grid gap-6 md:grid-cols-3">
          <div className="md:col-span-2">
            <h3 className="mb-2 text-sm font-medium text-gray-700">{t('stats.topFilters')}</h3>
            {stats.topFilters.length === 0 ? (
              <p className="text-sm text-gray-500">{t('stats.noTopFilters')}</p>
            ) : (
              <ol className="divide-y divide-gray-100 rounded-lg border border-gray-200">
                {stats.topFilters.map((filter, index) => (
                  <li key={filter.id} className="flex items-start gap-3 px-3 py-2">
                    <span className="w-10 shrink-0 text-sm font-semibold text-brand-600">
                      {t('stats.rank', { rank: index + 1 })}
                    </span>
                    <div className="min-w-0 flex-1">
                      <p className="truncate text-sm font-medium text-gray-900">{filter.name}</p>
                      {filter.description && (
                        <p className="truncate text-xs text-gray-500">{filter.description}</p>
                      )}
                      <p className="text-xs text-gray-500">
                        {t('row.conditions', { count: filter.conditionCount })}
                      </p>
                    </div>
                    <div className="flex shrink-0 flex-col items-end gap-1">
                      <span className="text-sm text-gray-900">
                        {t('stats.executions', { count: filter.executionCount })}
                      </span>
                      <span
                        className={clsx(
                          'rounded-full px-2 py-0.5 text-xs font-medium',
                          filter.isActive ? 'bg-green-100 text-green-800' : 'bg-gray-200 text-gray-600',
                        )}
                      >
                        {filter.isActive ? t('row.active') : t('row.inactive')}
                      </span>
                    </div>
                  </li>
                ))}
              </ol>
            )}
          </div>
          <div className="space-y-4 text-sm">
            <TypeCounts
              title={t('stats.topConditionTypes')}
              items={stats.topConditionTypes.map((c) => ({
                label: t(`conditionTypes.${c.type}`),
                count: c.count,
              }))}
            />
            <TypeCounts
              title={t('stats.topActionTypes')}
              items={stats.topActionTypes.map((a) => ({
                label: t(`actionTypes.${canonicalActionType(a.type)}`),
                count: a.count,
              }))}
            />
          </div>
        </div>
      </>
    );
  }

  return (
    <section
      aria-labelledby="filters-stats-heading"
      className="mb-4 rounded-xl border border-gray-200 bg-gray-50/60 p-4"
    >
      <h2 id="filters-stats-heading" className="mb-3 text-base font-semibold text-gray-900">
        {t('stats.title')}
      </h2>
      {body}
    </section>
  );
}

function TypeCounts({ title, items }: { title: string; items: { label: string; count: number }[] }) {
  const { t } = useTranslation('filters');
  if (items.length === 0) return null;
  return (
    <div>
      <h3 className="mb-1 font-medium text-gray-700">{title}</h3>
      <ul className="space-y-0.5 text-gray-600">
        {items.map((item) => (
          <li key={item.label} className="flex justify-between gap-2">
            <span>{item.label}</span>
            <span className="text-gray-900">{t('stats.uses', { count: item.count })}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
