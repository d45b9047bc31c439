import { describe, expect, it } from 'vitest';
import { entryKeyAction, parseBoardNumber } from './entry-keys';

const key = (
  value: string,
  modifiers: Partial<{ ctrlKey: boolean; altKey: boolean; metaKey: boolean }> = {},
) => entryKeyAction({ key: value, ctrlKey: false, altKey: false, metaKey: false, ...modifiers });

describe('result entry keys', () => {
  it.each([
    ['1', 'white'],
    ['=', 'draw'],
    ['5', 'draw'],
    ['0', 'black'],
    ['Delete', null],
    ['Backspace', null],
  ])('%s sets %s', (pressed, result) => {
    expect(key(pressed)).toEqual({ kind: 'result', result });
  });

  it('opens the forfeits with F, moves with the arrows, and leaves other keys and shortcuts alone', () => {
    expect(key('f')).toEqual({ kind: 'forfeits' });
    expect(key('F')).toEqual({ kind: 'forfeits' });
    expect(key('ArrowDown')).toEqual({ kind: 'move', by: 1 });
    expect(key('ArrowUp')).toEqual({ kind: 'move', by: -1 });
    expect(key('2')).toBeNull();
    expect(key('Enter')).toBeNull();
    expect(key('1', { ctrlKey: true })).toBeNull();
    expect(key('0', { metaKey: true })).toBeNull();
  });

  it('reads a board number', () => {
    expect(parseBoardNumber(' 12 ')).toBe(12);
    expect(parseBoardNumber('0')).toBeNull();
    expect(parseBoardNumber('')).toBeNull();
    expect(parseBoardNumber('1a')).toBeNull();
    expect(parseBoardNumber('-3')).toBeNull();
  });
});
