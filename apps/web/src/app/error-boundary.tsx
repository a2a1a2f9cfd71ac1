import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/Button';
import { reloadPage } from '@/lib/browser';
import { paths } from '@/lib/paths';

export const SUPPORT_EMAIL = 'support@postline.local';

interface ErrorBoundaryProps {
  children: ReactNode;
  onReload?: () => void;
}

interface ErrorBoundaryState {
  error: Error | null;
}

/** Catches render failures anywhere below it and shows the global error screen (SPEC §2). */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): ErrorBoundaryState {
    return { error };
  }

  // The component stack says which screen broke; the error's own stack only where it was thrown.
  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Unexpected render failure', error, info.componentStack);
  }

  private readonly reset = () => this.setState({ error: null });

  override render() {
    if (!this.state.error) return this.props.children;
    return <GlobalErrorScreen onReset={this.reset} onReload={this.props.onReload ?? reloadPage} />;
  }
}

function GlobalErrorScreen({ onReset, onReload }: { onReset: () => void; onReload: () => void }) {
  // Translations may be what failed, so every text carries an English default.
  const { t } = useTranslation('common', { useSuspense: false });
  const navigate = useNavigate();
  return (
    <main className="flex min-h-screen items-center justify-center bg-gray-50 p-6">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-gray-200">
        {/* Plain text, not the icon set: this screen is on the first load, the icons are not. */}
        <div
          aria-hidden="true"
          className="mx-auto mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-amber-100 text-2xl font-bold text-amber-600"
        >
          !
        </div>
        <h1 className="text-2xl font-semibold text-gray-900">
          {t('errorBoundary.title', 'Something went wrong')}
        </h1>
        <p className="mt-2 text-gray-600">
          {t('errorBoundary.message', 'We are sorry: an unexpected error occurred.')}
        </p>
        <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">
          <Button
            onClick={() => {
              navigate(paths.root);
              onReset();
            }}
          >
            {t('errorBoundary.goHome', 'Go to home')}
          </Button>
          <Button variant="secondary" onClick={onReload}>
            {t('errorBoundary.reload', 'Reload page')}
          </Button>
        </div>
        <p className="mt-6 text-sm">
          <a href={`mailto:${SUPPORT_EMAIL}`} className="text-brand-600 underline hover:text-brand-700">
            {t('errorBoundary.contact', 'If this keeps happening, contact {{email}}.', {
              email: SUPPORT_EMAIL,
            })}
          </a>
        </p>
      </div>
    </main>
  );
}
