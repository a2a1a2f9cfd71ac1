import { describe, expect, it } from 'vitest';
import { isLightTextColour, paintsBackgroundColour } from '../src/mail-colours.js';

describe('mail colours', () => {
  it.each([
    '#fff',
    '#FFFFFF',
    '#eee',
    'white',
    'WhiteSmoke',
    'rgb(240, 240, 240)',
    'rgba(255,255,255,0.9)',
    '#ffffffcc',
    'silver',
    '#fff !important',
  ])('reads %s as a light text colour', (value) => expect(isLightTextColour(value)).toBe(true));

  it.each([
    '#000',
    '#333333',
    'black',
    'navy',
    'rgb(0, 0, 0)',
    '#777',
    'red',
    'rgba(255,255,255,0)',
    'inherit',
    'bogus',
  ])('reads %s as a colour that shows on white', (value) => expect(isLightTextColour(value)).toBe(false));

  it.each([
    ['#1a1a1a', true],
    ['black', true],
    ['#000 url(https://shop.example/banner.jpg) no-repeat center', true],
    ['rgb(12, 34, 56)', true],
    ['linear-gradient(#000, #333)', true],
    ['url(https://shop.example/banner.jpg) no-repeat 0 0 / cover', false],
    ['transparent', false],
    ['none', false],
    ['rgba(0,0,0,0)', false],
    ['hsla(0, 0%, 0%, 0)', false],
  ])('background %s paints a colour: %s', (value, expected) => {
    expect(paintsBackgroundColour(value)).toBe(expected);
  });
});
