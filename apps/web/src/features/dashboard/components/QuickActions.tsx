import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PencilIcon, PeopleIcon, SearchIcon, StarOutlineIcon } from '@/components/ui/icons';
import { paths } from '@/lib/paths';

/** Compose, search (the inbox with its search box focused), contacts and important mail. */
export function QuickActions() {
  const { t } = useTranslation('dashboard');
  const actions = [
    { key: 'compose', to: paths.compose, state: undefined, Icon: PencilIcon },
    { key: 'search', to: paths.mailList('inbox'), state: { focusSearch: true }, Icon: SearchIcon },
    { key: 'contacts', to: paths.contacts, state: undefined, Icon: PeopleIcon },
    { key: 'important', to: paths.mailList('starred'), state: undefined, Icon: StarOutlineIcon },
  ] as const;
  return (
    <section
      className="rounded-xl border border-gray-200 bg-white shadow-sm"
      aria-labelledby="quick-actions-title"
    >
      <h2 id="quick-actions-title" className="border-b border-gray-100 px-5 py-3 font-semibold text-gray-900">
        {t('quickActions.title')}
      </h2>
      <ul className="grid grid-cols-2 gap-2 p-3">
        {actions.map((action) => (
          <li key={action.key}>
            <Link
              to={action.to}
              state={action.state}
              className="flex flex-col items-center gap-1 rounded-lg px-3 py-4 text-center text-sm text-gray-700 hover:bg-gray-50"
            >
              <action.Icon size={22} className="text-brand-600" />
              {t(`quickActions.${action.key}`)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
