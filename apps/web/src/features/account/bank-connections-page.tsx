import type { BankConnections } from '@lender/contract/calls/open-banking';
import { formatDisplayDate } from '@lender/contract/dates';
import { useState } from 'react';
import { Page } from '../../components/page';
import { serverMessage } from '../../lib/api-client';
import { useBankConnections, useRevokeConnection } from '../../components/open-banking/open-banking-api';
import '../../components/open-banking/open-banking.css';

type Connection = BankConnections['connections'][number];

const STATUS_TEXT: Record<Connection['status'], string> = {
  awaiting: 'Waiting for your bank',
  connected: 'Connected',
  denied: 'You declined at your bank',
  failed: 'Your bank did not answer',
  revoked: 'Ended',
  expired: 'Expired',
};

/**
 * The customer's bank connections (issue 49): each consent with its bank, when it started and lapses, and
 * a button that ends it at once, here and at the bank.
 */
export function Component() {
  const connections = useBankConnections();
  const revoke = useRevokeConnection();
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  const end = async (c: Connection) => {
    setNotice(null);
    try {
      const { bankConfirmed } = await revoke.mutateAsync(c.connectionGuid);
      setNotice({
        ok: true,
        text: bankConfirmed
          ? `Your connection to ${c.bankName} has ended. We can no longer read your account.`
          : `We have stopped using your connection to ${c.bankName}. Your bank did not confirm it yet; you can also end it in your bank's app.`,
      });
      await connections.refetch();
    } catch (err) {
      setNotice({ ok: false, text: serverMessage(err) });
    }
  };

  return (
    <Page heading="Bank connections" narrow>
      <p>
        The times you let us read your bank account to confirm your income. We read each account once, when
        you connect it. Ending a connection stops any further access straight away.
      </p>
      {notice ? (
        <p className={`banner ${notice.ok ? 'banner--success' : 'banner--error'}`} role="status">
          {notice.text}
        </p>
      ) : null}
      {connections.data ? (
        connections.data.connections.length > 0 ? (
          <ul className="bank-connections__list">
            {connections.data.connections.map((c) => (
              <li key={c.connectionGuid} className="card">
                <h2 className="bank-found__heading">{c.bankName}</h2>
                <p>
                  {STATUS_TEXT[c.status]}. Started {formatDisplayDate(c.startedOn)}
                  {c.revocable ? `; ends by itself on ${formatDisplayDate(c.expiresOn)}` : ''}.
                </p>
                {c.revocable ? (
                  <button
                    type="button"
                    className="button button--secondary"
                    disabled={revoke.isPending}
                    onClick={() => void end(c)}
                  >
                    End connection to {c.bankName}
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p>You have not connected a bank account.</p>
        )
      ) : (
        <p aria-busy="true">Loading your bank connections…</p>
      )}
    </Page>
  );
}
