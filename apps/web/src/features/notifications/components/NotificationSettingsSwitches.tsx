import clsx from 'clsx';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotificationSettings } from '@postline/shared/notifications';
import { desktopPermission, requestDesktopPermission, type DesktopPermission } from '../realtime/desktop';
import { useNotificationSettings, useUpdateNotificationSettings } from '../queries';

/** The seven switches of SPEC §2, in the order the spec lists them. */
export const SETTING_KEYS = [
  'enabled',
  'newMessage',
  'messageStatus',
  'filterExecution',
  'systemAlerts',
  'desktop',
  'sound',
] as const satisfies readonly (keyof NotificationSettings)[];

const SWITCH_CLASS = clsx(
  'relative h-5 w-9 shrink-0 cursor-pointer appearance-none rounded-full bg-gray-300 transition-colors',
  'checked:bg-brand-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
  "before:absolute before:top-0.5 before:left-0.5 before:h-4 before:w-4 before:rounded-full before:bg-white before:shadow before:transition-transform before:content-['']",
  'checked:before:translate-x-4',
);

/** Notification settings as switches; each change is saved at once (server and local storage). */
export function NotificationSettingsSwitches({ className }: { className?: string }) {
  const { t } = useTranslation('notifications');
  const settings = useNotificationSettings();
  const updateSettings = useUpdateNotificationSettings();
  const [permission, setPermission] = useState<DesktopPermission>(desktopPermission);
  const idPrefix = useId();

  // The only places the browser's permission prompt comes from (issue 34): turning desktop
  // notifications on, or asking while the switch is on (its default) and the browser has not been
  // asked yet. Both are clicks here, the gesture browsers require before asking (SPEC §4).
  const askPermission = () => void requestDesktopPermission().then(setPermission);

  function change(key: (typeof SETTING_KEYS)[number], value: boolean) {
    updateSettings({ [key]: value });
    if (key === 'desktop' && value) askPermission();
  }

  const desktopHint =
    permission === 'denied'
      ? t('settings.desktopBlocked')
      : permission === 'unsupported'
        ? t('settings.desktopUnsupported')
        : permission === 'default'
          ? t('settings.desktopNotAsked')
          : null;

  return (
    <fieldset className={className}>
      <legend className="sr-only">{t('settings.toggle')}</legend>
      <ul className="space-y-1">
        {SETTING_KEYS.map((key) => {
          const id = `${idPrefix}-${key}`;
          const hintId = `${id}-hint`;
          const showHint = key === 'desktop' && settings.desktop && desktopHint;
          return (
            <li
              key={key}
              className={clsx(
                (key === 'newMessage' || key === 'desktop') && 'mt-2 border-t border-gray-100 pt-2',
              )}
            >
              <div className="flex items-center justify-between gap-3 py-1">
                <label htmlFor={id} className="cursor-pointer text-sm text-gray-700">
                  {t(`settings.${key}`)}
                </label>
                <input
                  id={id}
                  type="checkbox"
                  role="switch"
                  checked={settings[key]}
                  aria-describedby={showHint ? hintId : undefined}
                  onChange={(event) => change(key, event.target.checked)}
                  className={SWITCH_CLASS}
                />
              </div>
              {showHint && (
                <p id={hintId} className="pb-1 text-xs text-amber-700">
                  {desktopHint}
                  {permission === 'default' && (
                    <>
                      {' '}
                      <button
                        type="button"
                        onClick={askPermission}
                        className="font-medium text-brand-600 underline underline-offset-2 hover:text-brand-700"
                      >
                        {t('settings.desktopAllow')}
                      </button>
                    </>
                  )}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
