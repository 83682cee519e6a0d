/** A row's refusal in red, announced at once; spans the table's width under the row. */
export function RowMessage({ message, columns }: { message: string | undefined; columns: number }) {
  if (!message) return null;
  return (
    <tr className="admin-row-message">
      <td colSpan={columns}>
        <p className="error-message" role="alert">
          {message}
        </p>
      </td>
    </tr>
  );
}
