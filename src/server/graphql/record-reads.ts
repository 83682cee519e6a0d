import type { GraphQLResolveInfo } from 'graphql';
import type { Result } from '../kernel/result.ts';
import type { AnswerRead, RecordModel } from '../modules/records/record-model.ts';
import type { GraphQLContext } from './graphql-context.ts';
import { readWithinBudget } from './response-budget.ts';
import { selectsField, selectsFieldWithin } from './selection.ts';

/**
 * Whether a field returning records (or one record) was asked for their answers or form, or
 * (issue 38 §4) whether they open: a list showing which records are unreadable opens them to know.
 */
export function selectsAnswers(info: GraphQLResolveInfo): boolean {
  return ['data', 'form', 'unreadable', 'answerChanges'].some((field) => selectsField(info, field));
}

/** The same inside a page (`recordsPage { records { data } }`). */
export function selectsAnswersWithin(info: GraphQLResolveInfo, parent: string): boolean {
  return selectsFieldWithin(info, parent, ['data', 'report', 'form', 'unreadable', 'answerChanges']);
}

/**
 * Issue 25 §1: every GraphQL read of records goes through here, so answers are read only when
 * selected and only within the operation's budget, whatever the transport.
 */
export function readRecords<T extends RecordModel | RecordModel[] | { records: RecordModel[] } | null>(
  context: Pick<GraphQLContext, 'responseBudget'>,
  wanted: boolean,
  read: (answers: AnswerRead) => Promise<Result<T>>,
): Promise<Result<T>> {
  return readWithinBudget(context.responseBudget, wanted, read, (result) => {
    if (!result.ok || result.value === null) return [];
    const value: RecordModel | RecordModel[] | { records: RecordModel[] } = result.value;
    if (Array.isArray(value)) return value;
    return 'records' in value ? value.records : [value];
  });
}
