import type { Kysely } from 'kysely';

/**
 * Issue 45 item 10: a card payment's receipt names the card charged by its last four digits. The payment
 * keeps them beside its sealed token (the card on file's, or a new card's from the provider's answer), as
 * the cards table does; never more of the number. Payments made before have none (null): their receipt
 * says nothing of the card.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('loan_payments').addColumn('card_last4', 'varchar(4)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('loan_payments').dropColumn('card_last4').execute();
}
