import { describe, expect, it } from 'vitest';
import { localizedText, serverText } from '../../src/lib/i18n.js';

describe('server texts', () => {
  it('answers in the language each call names, whatever the call before asked for', () => {
    expect(serverText('en', 'folders:notFound')).toBe('Folder not found.');
    expect(serverText('ko', 'folders:notFound')).toBe('메일함을 찾을 수 없습니다.');
    expect(localizedText('folders:duplicateName', { name: 'Work' })).toEqual({
      ko: "같은 위치에 'Work' 메일함이 이미 있습니다.",
      en: "A folder named 'Work' already exists here.",
    });
  });

  it('puts values in as they are: no placeholders, nesting or options read inside them', () => {
    const name = "{{type}} $t(mail:bounce.intro) <b>&'";
    expect(serverText('en', 'folders:duplicateName', { name, lng: 'ko', ns: 'mail' })).toBe(
      `A folder named '${name}' already exists here.`,
    );
  });

  it('picks the plural form of the language from count', () => {
    expect(localizedText('filters:reasons.matched', { count: 1 })).toEqual({
      ko: '모든 조건(1개)이 일치합니다.',
      en: 'The condition matched.',
    });
    expect(serverText('en', 'filters:reasons.matched', { count: 2 })).toBe('All 2 conditions matched.');
  });
});
