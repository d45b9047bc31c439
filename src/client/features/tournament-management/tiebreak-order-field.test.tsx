// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TiebreakKey } from '../../../domain/scoring/tiebreak-keys';
import { TiebreakOrderField } from './tiebreak-order-field';

afterEach(cleanup);

function Harness({ initial, locked }: { initial: TiebreakKey[]; locked?: boolean }) {
  const [order, setOrder] = useState(initial);
  return <TiebreakOrderField value={order} onChange={setOrder} locked={locked} />;
}

const listed = () =>
  within(screen.getByRole('list'))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.font-semibold')?.textContent?.split(' — ')[0]);

describe('TiebreakOrderField', () => {
  it('reorders, removes and adds tie-breaks with labelled buttons, and offers the presets', () => {
    render(<Harness initial={['buchholz_cut1', 'buchholz', 'sonneborn_berger']} />);
    expect(listed()).toEqual(['BH-C1', 'BH', 'SB']);
    fireEvent.click(screen.getByRole('button', { name: 'Move SB up' }));
    expect(listed()).toEqual(['BH-C1', 'SB', 'BH']);
    expect((screen.getByRole('button', { name: 'Move BH-C1 up' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Remove BH-C1' }));
    expect(listed()).toEqual(['SB', 'BH']);
    fireEvent.change(screen.getByLabelText('Add a tie-break'), { target: { value: 'aro' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(listed()).toEqual(['SB', 'BH', 'ARO']);
    expect(screen.getByText(/separated in this order: Points, then SB, then BH, then ARO\./)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Points, then rating (default)' }));
    expect(listed()).toEqual(['Rating']);
    fireEvent.click(screen.getByRole('button', { name: 'FIDE Swiss order' }));
    expect(listed()).toEqual(['BH-C1', 'BH', 'SB', 'DE', 'WIN', 'Rating']);
  });

  it('shows a locked order read-only with the reason', () => {
    render(<Harness initial={['wins', 'rating']} locked />);
    expect(screen.getByText(/can no longer be changed: round 1 has been paired/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(listed()).toEqual(['WIN', 'Rating']);
  });
});
