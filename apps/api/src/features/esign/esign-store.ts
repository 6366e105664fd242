import type { AppContext } from '../../app-context';
import type { DbExecutor } from '../../db/create-db';
import { entityRepositories, unitOfWork, type UnitOfWork } from '../../entities/unit-of-work';
import { esignRepository } from './esign-repository';

/** What e-sign reads and writes: the shared entities and its own codes, links and signature records. */
export const esignRepositories = (ctx: Pick<AppContext, 'config' | 'outbox' | 'sessions'>) => {
  const entities = entityRepositories(ctx);
  return (db: DbExecutor) => ({ ...entities(db), esign: esignRepository(db) });
};

export type EsignRepositories = ReturnType<ReturnType<typeof esignRepositories>>;
export type EsignStore = UnitOfWork<EsignRepositories>;

export const esignStore = (ctx: AppContext): EsignStore => unitOfWork(ctx.db, esignRepositories(ctx));
