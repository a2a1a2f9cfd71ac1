import { act, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from './i18n';
import { useTranslation } from './use-translation';

function Counted({ count }: { count: number }) {
  const { t, i18n } = useTranslation(['ui', 'common']);
  return (
    <p>
      {t('pagination.page', { page: count })} · {t('common:loading')} · {i18n.resolvedLanguage}
    </p>
  );
}

describe('useTranslation', () => {
  afterEach(async () => {
    await act(() => changeLanguage('ko'));
  });

  it('shows the texts in the chosen language, and in the other at once when the user switches', async () => {
    const ko = {
      perPage: i18next.t('ui:pagination.page', { page: 20 }),
      loading: i18next.t('common:loading'),
    };
    render(<Counted count={20} />);
    expect(screen.getByText(`${ko.perPage} · ${ko.loading} · ko`)).toBeInTheDocument();

    await act(() => changeLanguage('en'));
    const en = {
      perPage: i18next.t('ui:pagination.page', { page: 20 }),
      loading: i18next.t('common:loading'),
    };
    expect(en.loading).not.toBe(ko.loading);
    expect(screen.getByText(`${en.perPage} · ${en.loading} · en`)).toBeInTheDocument();
  });

  it('gives each set of options its own text', () => {
    const { t } = renderHookT();
    expect(t('pagination.page', { page: 10 })).toBe('10페이지');
    expect(t('pagination.page', { page: 50 })).toBe('50페이지');
    expect(t('pagination.page', { page: 10 })).toBe('10페이지');
    expect(t('pagination.summary', { total: 3, start: 1, end: 3 })).toBe('전체 3개 중 1-3');
    expect(t('pagination.summary', { total: 4, start: 1, end: 4 })).toBe('전체 4개 중 1-4');
    // Options holding objects are translated each time, never answered from the cache.
    expect(t('pagination.page', { page: 2, extra: { a: 1 } })).toBe('2페이지');
    expect(t('missing.key', 'A default')).toBe('A default');
    expect(t('missing.key', 'Another default')).toBe('Another default');
  });

  it('shows the nearest Suspense fallback until an area has loaded, then its texts', async () => {
    // An area still on its way, as from the server: i18next says so until its load ends.
    let arrived = false;
    let arrive = () => undefined as void;
    vi.spyOn(i18next, 'hasLoadedNamespace').mockImplementation(() => arrived);
    const loading = vi
      .spyOn(i18next, 'loadNamespaces')
      .mockReturnValue(new Promise<void>((resolve) => (arrive = resolve)));
    function Area() {
      const { t } = useTranslation('user');
      return <p>{t('account')}</p>;
    }
    render(
      <Suspense fallback={<p>waiting</p>}>
        <Area />
      </Suspense>,
    );
    expect(screen.getByText('waiting')).toBeInTheDocument();
    expect(loading).toHaveBeenCalledWith(['user']);
    await act(async () => {
      arrived = true;
      i18next.emit('loaded', { ko: ['user'] });
      arrive();
    });
    expect(await screen.findByText('내 계정')).toBeInTheDocument();
    expect(screen.queryByText('waiting')).not.toBeInTheDocument();
  });
});

/** The hook's `t` outside a screen: a component that hands it out. */
function renderHookT() {
  const holder: { t?: ReturnType<typeof useTranslation>['t'] } = {};
  function Probe() {
    holder.t = useTranslation('ui').t;
    return null;
  }
  render(<Probe />);
  return { t: holder.t! };
}
