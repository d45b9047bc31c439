import { sql } from 'drizzle-orm';
import type { Db } from '../../../src/server/db/client';

let triggers = 0;

/**
 * Makes the database refuse, at commit, every transaction that writes a row of `table` matching `when` (a
 * PL/pgSQL condition over `NEW`, `OLD` and `TG_OP`): a deferred constraint trigger raises once every statement
 * of the transaction has run. A real refusal by the real database, no stand-in for our code. Refusing an audit
 * row (`security_audit_log`, `system_logs`) shows that the change it records is stored with it or not at all
 * (ADR 019): written apart, the change would stay without its row. Answers the undo.
 */
export async function refuseCommitsWriting(
  db: Db,
  table: string,
  when = 'true',
): Promise<() => Promise<void>> {
  triggers += 1;
  const name = `test_refuse_commit_${triggers}`;
  await db.execute(
    sql.raw(`create function ${name}() returns trigger language plpgsql as $$
      begin
        if ${when} then raise exception 'refused at commit by a test'; end if;
        return null;
      end $$`),
  );
  await db.execute(
    sql.raw(`create constraint trigger ${name} after insert or update or delete on "${table}"
      deferrable initially deferred for each row execute function ${name}()`),
  );
  return async () => {
    await db.execute(sql.raw(`drop trigger ${name} on "${table}"`));
    await db.execute(sql.raw(`drop function ${name}()`));
  };
}
