import type { AppContext } from '../../app-context';
import { categorise } from '../../entities/open-banking/categorise';
import { entityStore } from '../../entities/unit-of-work';
import type { AccountInformation } from '../../lib/open-banking/account-information';
import { openBankingRedirectUrl } from '../../lib/open-banking/create-account-information';
import type { ImplementedCall } from '../../plugins/calls';
import { openBankingCalls } from './open-banking-calls';
import { openBankingService } from './open-banking-service';

/** OpenBanking/* (issue 49) wired to the aggregator (or the sandbox bank) and the categoriser. */
export const openBankingFeature = (ctx: AppContext, bank: AccountInformation): ImplementedCall[] =>
  openBankingCalls(
    openBankingService({
      store: entityStore(ctx),
      bank,
      categorise,
      redirectUrl: openBankingRedirectUrl(ctx.config),
      today: () => ctx.businessDate.today(),
    }),
  );
