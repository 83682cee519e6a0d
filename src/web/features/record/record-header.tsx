import { memo } from 'react';
import { formatLocalDateTime } from '#domain/display-date.ts';

/**
 * customer-app §2 Record heading: the form type name, then the person's name, "Invited by" the
 * organization only when there is one, and the created and updated dates (updated follows saves).
 */
export const RecordHeader = memo(function RecordHeader({
  typeName,
  userName,
  organizationName,
  createdAt,
  updatedAt,
}: {
  typeName: string;
  userName: string | null | undefined;
  organizationName: string | null | undefined;
  createdAt: string;
  updatedAt: string;
}) {
  return (
    <header className="record-header">
      <h1 className="record-header__title">{typeName}</h1>
      {userName ? <p className="record-header__user">{userName}</p> : null}
      {organizationName ? <p className="record-header__organization">Invited by {organizationName}</p> : null}
      <p className="record-header__dates">
        <span>Created at: {formatLocalDateTime(createdAt)}</span>
        <span>Updated at: {formatLocalDateTime(updatedAt)}</span>
      </p>
    </header>
  );
});
