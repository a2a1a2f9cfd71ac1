import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/Button';
import { Modal } from '@/components/ui/Modal';
import { toast } from '@/components/ui/toast';
import { emitApiEvent } from '@/lib/api-session';
import { redirectBrowser } from '@/lib/browser';
import { OIDC_AUTHORIZE_PATH } from '@/lib/contract-constants';
import { paths } from '@/lib/paths';
import { rememberReturnTo } from '../return-to';
import { useAuthStore } from '../store';

/**
 * Over the page when the session ended while it was open (issue 34): signing in again here keeps
 * the page and what is being written (the composer holds it, in this browser meanwhile). The same
 * person carries on where they were; another person starts on a fresh dashboard, never seeing the
 * first one's page. Signing in through the identity provider leaves the page, and comes back to it.
 */
export function SessionEndedDialog() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const location = useLocation();
  const user = useAuthStore((state) => state.user);
  const [busy, setBusy] = useState(false);
  // Focus on signing in again: Enter must never sign out by accident.
  const signInRef = useRef<HTMLButtonElement>(null);
  if (!user) return null;
  const previous = user;

  async function signInAgain() {
    setBusy(true);
    try {
      const { mockLogin } = await import('../api/mock-login');
      const { user: signedIn, ...tokens } = await mockLogin({ email: previous.email, name: previous.name });
      useAuthStore.getState().signIn(tokens, signedIn);
      if (signedIn.id !== previous.id) {
        redirectBrowser(paths.dashboard);
        return;
      }
      toast.success(t('toast.loginSuccess'));
      emitApiEvent({ type: 'session-restored' });
    } catch {
      toast.error(t('toast.loginError'));
    } finally {
      setBusy(false);
    }
  }

  function signInWithProvider() {
    rememberReturnTo(`${location.pathname}${location.search}${location.hash}`);
    redirectBrowser(OIDC_AUTHORIZE_PATH);
  }

  function signOut() {
    useAuthStore.getState().clearAuth();
    navigate(paths.login, { replace: true });
  }

  return (
    <Modal
      open
      role="alertdialog"
      closable={false}
      onClose={() => undefined}
      initialFocusRef={signInRef}
      title={t('sessionEnded.title')}
      description={t('sessionEnded.message')}
      footer={
        <>
          <Button variant="ghost" onClick={signOut} disabled={busy}>
            {t('logout')}
          </Button>
          <Button variant="secondary" onClick={signInWithProvider} disabled={busy}>
            {t('login.keycloak')}
          </Button>
          <Button ref={signInRef} onClick={() => void signInAgain()} isLoading={busy}>
            {t('sessionEnded.signInAgain', { name: previous.name || previous.email })}
          </Button>
        </>
      }
    >
      <p className="text-sm text-gray-700">{t('sessionEnded.account', { email: previous.email })}</p>
    </Modal>
  );
}
