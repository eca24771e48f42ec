import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DAY_FORMAT_PROBLEM, DayField } from './DayField';

function Harness({ initial, onDay }: { initial: string; onDay: (day: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DayField
        label="From"
        value={value}
        onChange={(day) => {
          setValue(day);
          onDay(day);
        }}
      />
      <button type="button" onClick={() => setValue('')}>
        Clear
      </button>
    </>
  );
}

describe('DayField', () => {
  it('when it shows a day then it reads day first, and a typed DD/MM/YYYY day is given on as YYYY-MM-DD', async () => {
    const onDay = vi.fn();
    render(<Harness initial="2026-03-05" onDay={onDay} />);
    const field = screen.getByLabelText('From') as HTMLInputElement;
    expect(field.value).toBe('05/03/2026');
    expect(field.getAttribute('placeholder')).toBe('DD/MM/YYYY');
    const user = userEvent.setup();
    await user.clear(field);
    expect(onDay).toHaveBeenLastCalledWith('');
    await user.type(field, '7/4/2026');
    expect(onDay).toHaveBeenLastCalledWith('2026-04-07');
    expect(screen.getByRole('button', { name: 'Open the calendar for From' })).toBeTruthy();
  });

  it('when what was typed is not a day then it says so on leaving and gives nothing on; cleared from outside it empties', async () => {
    const onDay = vi.fn();
    render(<Harness initial="" onDay={onDay} />);
    const field = screen.getByLabelText('From') as HTMLInputElement;
    const user = userEvent.setup();
    await user.type(field, '31/02/2026');
    expect(screen.queryByText(DAY_FORMAT_PROBLEM)).toBeNull();
    await user.tab();
    expect(screen.getByText(DAY_FORMAT_PROBLEM)).toBeTruthy();
    expect(onDay).not.toHaveBeenCalled();
    await user.clear(field);
    await user.type(field, '01/02/2026');
    expect(onDay).toHaveBeenLastCalledWith('2026-02-01');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(field.value).toBe('');
  });
});
