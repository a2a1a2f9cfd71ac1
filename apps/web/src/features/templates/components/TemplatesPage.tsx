import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Template, TemplateCategory } from '@postline/shared/templates';
import { PageHeader } from '@/components/PageHeader';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { TemplateIcon } from '@/components/ui/icons';
import { Pagination } from '@/components/ui/Pagination';
import { LoadingBlock } from '@/components/ui/Spinner';
import { toast } from '@/components/ui/toast';
import { useTemplates } from '../queries';
import { CategoryFormModal } from './CategoryFormModal';
import { CategoryList } from './CategoryList';
import { ErrorBanner } from '@/components/ui/ErrorBanner';
import { PopularTemplates } from './PopularTemplates';
import { TemplateCard } from './TemplateCard';
import { TemplateFormModal } from './TemplateFormModal';
import { TemplateSearch } from './TemplateSearch';

type Editor =
  | { kind: 'template'; template: Template | null }
  | { kind: 'category'; category: TemplateCategory | null }
  | null;

/** Template management (SPEC §2): categories and popular on the left, template cards beside them. */
export function TemplatesPage() {
  const { t } = useTranslation('templates');
  const store = useTemplates();
  const [editor, setEditor] = useState<Editor>(null);
  const [deleting, setDeleting] = useState<Template | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);
  const [deletingCategory, setDeletingCategory] = useState<TemplateCategory | null>(null);
  const [isDeletingCategory, setIsDeletingCategory] = useState(false);

  const { startOver } = store;
  useEffect(startOver, [startOver]);

  const generalCategory = store.categories.find((category) => category.code === 'GENERAL');

  async function confirmDelete() {
    if (!deleting) return;
    setIsDeleting(true);
    try {
      await store.removeTemplate(deleting.id);
      toast.success(t('toast.deleted'));
    } catch {
      // The banner shows why.
    } finally {
      setIsDeleting(false);
      setDeleting(null);
    }
  }

  async function confirmDeleteCategory() {
    if (!deletingCategory) return;
    setIsDeletingCategory(true);
    try {
      await store.removeCategory(deletingCategory.id);
      toast.success(t('toast.categoryDeleted'));
    } catch {
      // The banner shows why.
    } finally {
      setIsDeletingCategory(false);
      setDeletingCategory(null);
    }
  }

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <>
            <Button variant="secondary" onClick={() => setEditor({ kind: 'category', category: null })}>
              {t('actions.createCategory')}
            </Button>
            <Button onClick={() => setEditor({ kind: 'template', template: null })}>
              {t('actions.createTemplate')}
            </Button>
          </>
        }
      />
      <TemplateSearch onSearch={store.search} onReset={store.resetSearch} />
      {store.error && <ErrorBanner message={store.error} onClose={store.clearError} />}
      <div className="grid gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <aside className="space-y-4">
          <CategoryList
            categories={store.categories}
            allCount={store.allCount}
            selectedId={store.selectedCategoryId}
            onSelect={store.selectCategory}
            onEdit={(category) => setEditor({ kind: 'category', category })}
            onDelete={setDeletingCategory}
          />
          <PopularTemplates templates={store.popular} />
        </aside>
        <section aria-labelledby="template-list-title" aria-busy={store.isLoading}>
          <h2 id="template-list-title" className="sr-only">
            {t('listTitle')}
          </h2>
          {store.keyword && (
            <p className="mb-3 text-sm text-gray-600">
              {t('search.results', { keyword: store.keyword, count: store.totalItems })}
            </p>
          )}
          {store.isLoading && store.templates.length === 0 ? (
            <LoadingBlock label={t('loading')} />
          ) : store.templates.length === 0 ? (
            <div className="rounded-xl border border-dashed border-gray-300 bg-white">
              <EmptyState
                icon={<TemplateIcon size={48} />}
                title={store.keyword ? t('emptySearch') : t('empty')}
                description={store.keyword ? undefined : t('emptyHint')}
              />
            </div>
          ) : (
            <>
              <ul className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3">
                {store.templates.map((template) => (
                  <li key={template.id} className="min-w-0">
                    <TemplateCard
                      template={template}
                      onEdit={(item) => setEditor({ kind: 'template', template: item })}
                      onDelete={setDeleting}
                    />
                  </li>
                ))}
              </ul>
              <Pagination
                currentPage={store.page + 1}
                totalPages={store.totalPages}
                onPageChange={(page) => store.showPage(page - 1)}
              />
            </>
          )}
        </section>
      </div>

      {editor?.kind === 'template' && (
        <TemplateFormModal
          template={editor.template}
          categories={store.categories}
          initialCategoryId={store.selectedCategoryId ?? generalCategory?.id ?? null}
          onClose={() => setEditor(null)}
        />
      )}
      {editor?.kind === 'category' && (
        <CategoryFormModal category={editor.category} onClose={() => setEditor(null)} />
      )}
      <ConfirmDialog
        open={deletingCategory !== null}
        tone="danger"
        title={t('confirmDeleteCategory.title')}
        message={t('confirmDeleteCategory.message', {
          name: deletingCategory?.name ?? '',
          general: t('categories.GENERAL'),
          count: deletingCategory?.templateCount ?? 0,
        })}
        confirmLabel={t('actions.delete')}
        isLoading={isDeletingCategory}
        onConfirm={() => void confirmDeleteCategory()}
        onCancel={() => setDeletingCategory(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        tone="danger"
        title={t('confirmDelete.title')}
        message={t('confirmDelete.message', { name: deleting?.name ?? '' })}
        confirmLabel={t('actions.delete')}
        isLoading={isDeleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
