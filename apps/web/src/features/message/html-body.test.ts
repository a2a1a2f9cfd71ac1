import { describe, expect, it } from 'vitest';
import { buildFrameDocument } from './html-body';

describe('buildFrameDocument', () => {
  it('drops scripts, event handlers and javascript: links', () => {
    const { srcdoc } = buildFrameDocument(
      '<p onclick="steal()">안녕<script>alert(1)</script><a href="javascript:alert(2)">x</a></p>',
      false,
    );
    expect(srcdoc).toContain('<p>안녕<a>x</a></p>');
    expect(srcdoc).not.toMatch(/script|onclick|javascript:/i);
  });

  it('blocks remote images until allowed, and says the body has them', () => {
    const blocked = buildFrameDocument('<img src="https://tracker.example/p.gif">', false);
    expect(blocked.hasRemoteContent).toBe(true);
    expect(blocked.srcdoc).toContain('img-src data: cid:;');
    const allowed = buildFrameDocument('<img src="https://tracker.example/p.gif">', true);
    expect(allowed.srcdoc).toContain('img-src https: http: data: cid:');
  });

  it('notices remote content in styles too, and none in a plain body', () => {
    expect(
      buildFrameDocument('<div style="background:url(//x.example/a.png)">a</div>', false).hasRemoteContent,
    ).toBe(true);
    expect(buildFrameDocument('<b>굵게</b>', false).hasRemoteContent).toBe(false);
  });
});
