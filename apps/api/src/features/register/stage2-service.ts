import { cardRefusalText } from '@lender/contract/card-refusals';
import { AppStatus } from '@lender/contract/status';
import type { DbExecutor } from '../../db/create-db';
import type { CardProvider } from '../../lib/card-provider/card-provider';
import type { EntityStore } from '../../entities/unit-of-work';
import { openApplication, transition } from '../../entities/applications/transition';
import { ApplicationStep } from '../../entities/applications/application-steps';
import type { StoredAddress } from '../../entities/addresses/stored-address';
import { customerActor } from '../../entities/audit/actor';

/** Stage 2 as the service takes it: the provider's references and where the card lives. */
export type CardCheck = {
  pKey: string;
  trxId: string;
  /** Whether the provider's fingerprint page answered in time (the payload's isSignature). */
  fingerprinted: boolean;
  /** Null: the card's address is the home address. */
  billing: StoredAddress | null;
};

export type CardCheckOutcome =
  | { kind: 'accepted'; statusId: number; guid: string }
  | { kind: 'challenge'; statusId: number; guid: string; redirectUrl: string }
  | { kind: 'declined'; message: string }
  | { kind: 'unavailable' }
  /** The check was presented first by another customer (issue 45): nothing stored. */
  | { kind: 'notYours' }
  | { kind: 'closed' };

/**
 * Register/SubmitStage2's rules (docs/decisions/014): the provider confirms the key and transaction the
 * page got for the card; what is stored is what the provider answers, never what the page claims.
 * `returnUrl` is where the bank's challenge sends the browser back to: ours, never the page's choice.
 */
export function stage2Service(
  store: Pick<EntityStore, 'applications' | 'affordability' | 'bankAccounts' | 'cards' | 'transaction'>,
  provider: Pick<CardProvider, 'confirm'>,
  returnUrl: string,
  /** Sends the e-sign codes in the given transaction (e-sign's, handed in by the composition root). */
  startSigning: (trx: DbExecutor, applicationGuid: string) => Promise<void>,
) {
  /** Everything after the card was given already (a repeat loan whose card was declined): e-sign next. */
  const readyToSign = async (applicationId: number) =>
    (await store.affordability.passedFor(applicationId)) &&
    (await store.bankAccounts.givenFor(applicationId));

  return {
    async submit(customerId: number, check: CardCheck): Promise<CardCheckOutcome> {
      const application = await openApplication(store.applications, customerId, ApplicationStep.acceptCard);
      if (!application) return { kind: 'closed' };
      const { id, guid } = application;

      if (!(await store.cards.claimCheck(check.trxId, customerId))) return { kind: 'notYours' };
      const answer = await provider.confirm({ key: check.pKey, trxId: check.trxId, returnUrl });
      switch (answer.outcome) {
        case 'unavailable':
          return { kind: 'unavailable' };
        case 'challenge':
          return { kind: 'challenge', statusId: application.statusId, guid, redirectUrl: answer.redirectUrl };
        case 'declined': {
          // The customer reads plain words and a next step; staff read the provider's own text.
          const message = cardRefusalText(answer.z2);
          await transition(store, application, ApplicationStep.declineCard, {
            kind: 'card-declined',
            reason: `provider z2 ${answer.z2}: ${answer.z3 || 'no text'}`,
            actor: customerActor(customerId),
          });
          return { kind: 'declined', message };
        }
        case 'approved': {
          const { card } = answer;
          const decision = {
            kind: 'card-accepted',
            reason: `card ending ${card.last4}, fingerprint ${check.fingerprinted ? 'answered' : 'not answered'}`,
            actor: customerActor(customerId),
          };
          // The status moves first: of two submissions racing with the same approval, one stores the card.
          const toSigning =
            application.statusId === AppStatus.cardDeclined && (await readyToSign(application.id));
          const step = toSigning ? ApplicationStep.acceptCardReadyToSign : ApplicationStep.acceptCard;
          const moved = await transition(store, application, step, decision, async ({ cards }, trx) => {
            await cards.insert({
              customerId,
              applicationId: id,
              providerToken: card.token,
              providerTrxId: check.trxId,
              last4: card.last4,
              expMonth: card.expMonth,
              expYear: card.expYear,
              holderName: card.holder,
              billing: check.billing,
            });
            if (toSigning) await startSigning(trx, guid);
          });
          return moved ? { kind: 'accepted', statusId: step.to, guid } : { kind: 'closed' };
        }
      }
    },
  };
}

export type Stage2Service = ReturnType<typeof stage2Service>;
