import { describe, expect, it } from 'vitest';
import { fillSignatureHtml, fillSignatureText, signatureAccountValues } from '../src/signature-variables.js';

const minji = signatureAccountValues({ name: '김민지', email: 'minji@postline.kr' });

describe('signature variables', () => {
  it('fills {{name}} and {{email}} from the account and leaves out what nobody gave', () => {
    expect(fillSignatureText('{{name}} {{title}}\n{{email}}', minji)).toBe('김민지\nminji@postline.kr');
    // The template names for the same, as the server fills them in what is sent.
    expect(fillSignatureText('{{senderName}} <{{senderEmail}}>', minji)).toBe('김민지 <minji@postline.kr>');
  });

  it('puts values into HTML as text', () => {
    const values = signatureAccountValues({ name: '<b>Kim</b> & Co', email: 'k@postline.kr' });
    expect(fillSignatureHtml('<p>{{name}}</p><a href="mailto:{{email}}">{{email}}</a>', values)).toBe(
      '<p>&#60;b&#62;Kim&#60;/b&#62; &#38; Co</p><a href="mailto:k@postline.kr">k@postline.kr</a>',
    );
  });
});
