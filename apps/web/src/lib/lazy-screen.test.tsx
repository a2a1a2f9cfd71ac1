import { render, screen } from '@testing-library/react';
import { Component, Suspense, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyScreen } from './lazy-screen';

class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null as string | null };
  static getDerivedStateFromError(error: Error) {
    return { error: error.message };
  }
  override render() {
    return this.state.error ? <p>failed: {this.state.error}</p> : this.props.children;
  }
}

describe('lazyScreen', () => {
  it('renders a preloaded screen at once, without the fallback', async () => {
    const Page = lazyScreen(async () => () => <h1>받은편지함</h1>);
    await Page.preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByRole('heading', { name: '받은편지함' })).toBeInTheDocument();
    expect(screen.queryByText('loading')).not.toBeInTheDocument();
  });

  it('suspends until the code arrives when it was not preloaded', async () => {
    const Page = lazyScreen(async () => () => <h1>필터</h1>);
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: '필터' })).toBeInTheDocument();
  });

  it('hands a failed load to the error boundary, and loads again next time', async () => {
    let broken = true;
    const Page = lazyScreen(async () => {
      if (broken) throw new Error('chunk missing');
      return () => <h1>서명</h1>;
    });
    const view = render(
      <Boundary>
        <Suspense fallback={<p>loading</p>}>
          <Page />
        </Suspense>
      </Boundary>,
    );
    expect(await screen.findByText('failed: chunk missing')).toBeInTheDocument();
    view.unmount();
    broken = false;
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(await screen.findByRole('heading', { name: '서명' })).toBeInTheDocument();
  });

  it('renders the stand-in of an extra whose code cannot be loaded, and does not try again per render', async () => {
    let loads = 0;
    const Extra = lazyScreen(
      async (): Promise<(props: { name: string }) => ReactNode> => {
        loads += 1;
        throw new Error('chunk missing');
      },
      { unavailable: ({ name }) => <p>{name} 기본 목록</p> },
    );
    const view = render(
      <Boundary>
        <Suspense fallback={<p>loading</p>}>
          <Extra name="필터" />
        </Suspense>
      </Boundary>,
    );
    expect(await screen.findByText('필터 기본 목록')).toBeInTheDocument();
    expect(screen.queryByText(/failed/)).not.toBeInTheDocument();
    view.rerender(
      <Boundary>
        <Suspense fallback={<p>loading</p>}>
          <Extra name="규칙" />
        </Suspense>
      </Boundary>,
    );
    expect(screen.getByText('규칙 기본 목록')).toBeInTheDocument();
    expect(loads).toBe(1);
  });
});
