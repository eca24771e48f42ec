import Button from '@mui/material/Button';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { launchSummary, PREFLIGHT_PROBLEMS } from '@/test/launch-fixtures';
import { LaunchSummaryView } from './LaunchSummaryView';

function renderView(props: Partial<React.ComponentProps<typeof LaunchSummaryView>> = {}) {
  return render(
    <MemoryRouter>
      <LaunchSummaryView summary={launchSummary()} {...props} />
    </MemoryRouter>,
  );
}

describe('the launch summary', () => {
  it('when carriers were decided then each shows its state, price and the reason of a rejection', () => {
    renderView();
    const [jio, airtel] = screen.getAllByTestId('launch-summary-carrier');
    expect(jio?.textContent).toContain('Jio (IN)');
    expect(jio?.textContent).toContain('Launched');
    expect(jio?.textContent).toContain('$25.00');
    expect(jio?.textContent).toContain('business verified');
    expect(within(airtel as HTMLElement).getByText(/Reason: The opt-out is not explained/)).toBeTruthy();
  });

  it('when documents were uploaded then they are links to their signed urls', () => {
    renderView();
    expect(screen.getByRole('link', { name: 'Letter of authorisation: loa.pdf' }).getAttribute('href')).toBe(
      '/files/loa',
    );
    expect(screen.getByRole('link', { name: 'Screenshot 1: chat.png' }).getAttribute('href')).toBe(
      '/files/shot-0',
    );
    expect(screen.getByRole('link', { name: 'registration.pdf' }).getAttribute('href')).toBe(
      '/files/brand-reg',
    );
  });

  it('when the summary is shown then the questionnaire, company, hold and history are there', () => {
    renderView();
    expect(screen.getByText('Users send STOP at any time to stop all messages.')).toBeTruthy();
    expect(screen.getByText('Acme Travel Pvt Ltd')).toBeTruthy();
    expect(screen.getByTestId('launch-summary-hold').textContent).toContain('$55.00: held');
    const history = screen.getAllByTestId('launch-history-entry');
    expect(history).toHaveLength(2);
    expect(history[0]?.textContent).toContain('Rejected by the carrier · Airtel');
    // The reason is said once, on the carrier's row: the history points there.
    expect(history[0]?.textContent).toContain('The reason is given under Carriers.');
    expect(screen.getAllByText(/The opt-out is not explained/)).toHaveLength(1);
    expect(history[1]?.textContent).toContain('Submitted for launch');
  });

  it('when the caller adds actions then they show beside the bot and on each carrier', () => {
    renderView({
      actions: <Button>Forward</Button>,
      carrierActions: (carrier) => <Button>Retry {carrier.name}</Button>,
    });
    expect(screen.getByRole('button', { name: 'Forward' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry Airtel' })).toBeTruthy();
  });

  it('when the pre-flight found problems then each links to its step only if the caller gives links', () => {
    const summary = launchSummary({ preflight: PREFLIGHT_PROBLEMS });
    const { unmount } = render(
      <MemoryRouter>
        <LaunchSummaryView
          summary={summary}
          preflightHref={(item) => `/u/launch/${item.step}?field=${item.field}`}
        />
      </MemoryRouter>,
    );
    const fix = screen.getAllByRole('link', { name: /^Fix in / });
    expect(fix.map((link) => link.getAttribute('href'))).toEqual([
      '/u/launch/experience?field=opt_out',
      '/u/launch/verification?field=loa',
      '/u/launch/payment?field=wallet',
    ]);
    unmount();
    renderView({ summary });
    expect(screen.queryAllByRole('link', { name: /^Fix in / })).toHaveLength(0);
    expect(screen.getByText('(Business Verification)')).toBeTruthy();
  });

  it('when the pre-flight never ran then it says so instead of a count', () => {
    renderView({ summary: launchSummary({ preflight: { ok: false, items: [], checked_at: '' } }) });
    expect(screen.getByText('The pre-flight check has not run for this launch yet.')).toBeTruthy();
    expect(screen.queryByText(/problems? to fix/)).toBeNull();
  });
});
