import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Modal } from '@/components/ui/Modal';
import { paths } from '@/lib/paths';
import { useShortcuts } from '@/lib/shortcuts';

/**
 * The keys as the help lists them: [keys, text key]. Those of every signed-in screen are bound
 * here; the mail list's (j, k, o, x, s) by the list (features/mail-list MessageList).
 */
const GLOBAL_KEYS = [
  ['c', 'compose'],
  ['/', 'search'],
  ['g i', 'goInbox'],
  ['g s', 'goSent'],
  ['g d', 'goDrafts'],
  ['g t', 'goTrash'],
  ['j', 'next'],
  ['k', 'previous'],
  ['o', 'open'],
  ['x', 'select'],
  ['s', 'star'],
  ['?', 'help'],
] as const;

/**
 * The shortcuts of every signed-in screen (issue 37): c writes, / searches (the page's search box,
 * else the inbox's), g then i, s, d or t goes to a folder, ? lists the keys; none when the person
 * switched them off in the settings.
 */
export function GlobalShortcuts() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const [helpOpen, setHelpOpen] = useState(false);
  const search = () => {
    const box = document.querySelector<HTMLInputElement>('input[type="search"]');
    if (box) box.focus();
    else navigate(paths.mailList('inbox'), { state: { focusSearch: true } });
  };
  useShortcuts({
    c: () => navigate(paths.compose),
    '/': search,
    'g i': () => navigate(paths.mailList('inbox')),
    'g s': () => navigate(paths.mailList('sent')),
    'g d': () => navigate(paths.mailList('drafts')),
    'g t': () => navigate(paths.mailList('trash')),
    'Shift+?': () => setHelpOpen(true),
    '?': () => setHelpOpen(true),
  });
  return (
    <Modal open={helpOpen} onClose={() => setHelpOpen(false)} title={t('shortcuts.title')} size="sm">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {GLOBAL_KEYS.map(([keys, name]) => (
          <div key={keys} className="contents">
            <dt>
              {keys.split(' ').map((key, index) => (
                <span key={key}>
                  {index > 0 && <span className="mx-1 text-gray-400">{t('shortcuts.then')}</span>}
                  <kbd className="rounded border border-gray-300 bg-gray-50 px-1.5 py-0.5 font-mono text-xs">
                    {key}
                  </kbd>
                </span>
              ))}
            </dt>
            <dd className="text-gray-700">{t(`shortcuts.keys.${name}`)}</dd>
          </div>
        ))}
      </dl>
    </Modal>
  );
}
