import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signatureFragment } from '../sanitize-signature';
import { SignatureHtml } from './SignatureHtml';

const hostile =
  '<p style="color: red; position: fixed">김민지</p><img src=x onerror="window.hacked=1">' +
  '<script>window.hacked=2</script><a href="javascript:alert(1)">링크</a>' +
  '<img src="https://cdn.example/logo.png" alt="로고">';

afterEach(() => {
  vi.restoreAllMocks();
  delete (window as unknown as { hacked?: number }).hacked;
});

describe('signatureFragment', () => {
  it('parses and cleans in a document of its own, never the page', () => {
    const parse = vi.spyOn(DOMParser.prototype, 'parseFromString');
    const fragment = signatureFragment(hostile);
    expect(parse).toHaveBeenCalled();
    expect(fragment.ownerDocument).not.toBe(document);
    const images = [...fragment.querySelectorAll('img')];
    expect(images.map((img) => img.getAttribute('src'))).toEqual([null, 'https://cdn.example/logo.png']);
    expect(fragment.querySelector('script, [onerror]')).toBeNull();
    expect(fragment.querySelector('p')?.getAttribute('style')).toBe('color: red');
    expect(fragment.querySelector('a')?.hasAttribute('href')).toBe(false);
  });
});

describe('SignatureHtml', () => {
  it('shows only the clean nodes, and never sets innerHTML on an element of the page', () => {
    const innerHtml = Object.getOwnPropertyDescriptor(Element.prototype, 'innerHTML')!;
    const written: string[] = [];
    vi.spyOn(Element.prototype, 'innerHTML', 'set').mockImplementation(function (this: Element, value) {
      if (this.ownerDocument === document) written.push(String(value));
      innerHtml.set!.call(this, value);
    });
    const { rerender } = render(<SignatureHtml html={hostile} />);
    const shown = screen.getByTestId('signature-html');
    expect(shown).toHaveTextContent('김민지');
    expect(shown.querySelector('script, [onerror]')).toBeNull();
    expect(screen.getByRole('img', { name: '로고' })).toHaveAttribute('src', 'https://cdn.example/logo.png');

    // As the user types, the preview follows.
    rerender(<SignatureHtml html="<b>박지훈</b>" />);
    expect(screen.getByText('박지훈').tagName).toBe('B');
    expect(shown).not.toHaveTextContent('김민지');
    expect(written).toEqual([]);
    expect((window as unknown as { hacked?: number }).hacked).toBeUndefined();
  });
});
