import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { productInputSchema } from '#domain/admin-inputs.ts';
import { nameMatches, pageOf, sortRows } from '#domain/admin-lists.ts';
import { formatCost } from '#domain/money.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import type { AdminProductsQuery } from '#web/gql/graphql.ts';
import { firstFormError } from '#web/lib/first-form-error.ts';
import { fetchFailedMessage, inlineFailureMessage, NOT_AVAILABLE } from './admin-messages.ts';
import { useAdminProducts, useSaveProduct } from './api/products.ts';
import { ListPager } from './list/list-pager.tsx';
import { EditRowButton, ExternalLinkOrNotAvailable } from './list/row-cells.tsx';
import { RowMessage } from './list/row-message.tsx';
import { SearchField } from './list/search-field.tsx';
import { SortableHeader } from './list/sortable-header.tsx';
import { TableRegion } from './list/table-region.tsx';
import type { AdminUrl } from './use-admin-url.ts';

type Product = AdminProductsQuery['products'][number];
type TypeChoice = AdminProductsQuery['inventoryTypes'][number];
const COLUMN_COUNT = 8;
const FIELD_ORDER = [
  'name',
  'description',
  'cost',
  'credits',
  'inventoryTypeId',
  'stripeId',
  'stripePaylink',
];

function sortValue(product: Product, column: string) {
  const values: Record<string, string | number | null | undefined> = {
    name: product.name,
    description: product.description,
    cost: Number(product.cost),
    credits: product.credits,
    type: product.inventoryType.name,
    stripeId: product.stripeId,
  };
  return values[column];
}

/**
 * admin-app §2 Products tab: Name, Description, Cost, Qty (Credits when editing), Type, Stripe ID,
 * Stripe Paylink; rows edited inline; "Add New Product" opens an add row.
 */
export function ProductsTab({ url }: { url: AdminUrl }) {
  const products = useAdminProducts();
  const [editing, setEditing] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const rows = (products.data?.products ?? []).filter((product) => nameMatches(product.name, url.query));
  // admin-app §7: listed by inventory type name unless a column is chosen.
  const shown = pageOf(sortRows(rows, url.sort, sortValue), url.page);
  const types = products.data?.inventoryTypes ?? [];
  const editingNow = adding || editing !== null;

  return (
    <div className="admin-tab">
      <div className="admin-toolbar">
        <SearchField label="Search by name" value={url.query} onChange={url.setQuery} />
        <Button variant={adding ? 'secondary' : 'primary'} onClick={() => setAdding((open) => !open)}>
          Add New Product
        </Button>
      </div>
      {products.isPending ? (
        <Spinner label="Loading products..." showLabel />
      ) : products.isError ? (
        <Alert tone="error">{fetchFailedMessage('products', products.error.message)}</Alert>
      ) : (
        <>
          <TableRegion label="Products">
            <thead>
              <tr>
                <SortableHeader column="name" label="Name" sort={url.sort} onSort={url.setSort} />
                <SortableHeader
                  column="description"
                  label="Description"
                  sort={url.sort}
                  onSort={url.setSort}
                />
                <SortableHeader column="cost" label="Cost" sort={url.sort} onSort={url.setSort} />
                <SortableHeader
                  column="credits"
                  label={editingNow ? 'Credits' : 'Qty'}
                  sort={url.sort}
                  onSort={url.setSort}
                />
                <SortableHeader column="type" label="Type" sort={url.sort} onSort={url.setSort} />
                <SortableHeader column="stripeId" label="Stripe ID" sort={url.sort} onSort={url.setSort} />
                <th scope="col">Stripe Paylink</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {adding ? <ProductForm product={null} types={types} onDone={() => setAdding(false)} /> : null}
              {shown.rows.map((product) =>
                editing === product.id ? (
                  <ProductForm
                    key={product.id}
                    product={product}
                    types={types}
                    onDone={() => setEditing(null)}
                  />
                ) : (
                  <tr key={product.id}>
                    <th scope="row">{product.name}</th>
                    <td className="admin-table__wrap">{product.description || NOT_AVAILABLE}</td>
                    <td>{formatCost(product.cost)}</td>
                    <td>{product.credits}</td>
                    <td>{product.inventoryType.name || NOT_AVAILABLE}</td>
                    <td className="admin-table__code">{product.stripeId || NOT_AVAILABLE}</td>
                    <td className="admin-table__code">
                      <ExternalLinkOrNotAvailable href={product.stripePaylink} text={product.stripePaylink} />
                    </td>
                    <td>
                      <EditRowButton name={product.name} onEdit={() => setEditing(product.id)} />
                    </td>
                  </tr>
                ),
              )}
            </tbody>
          </TableRegion>
          {rows.length === 0 ? <p className="admin-empty">No products match.</p> : null}
          <ListPager
            page={shown.page}
            pageCount={shown.pageCount}
            total={rows.length}
            noun="products"
            onPage={url.setPage}
          />
        </>
      )}
    </div>
  );
}

/** The inline row of admin-app §5: all but the paylink required; cost a decimal, credits whole. */
function ProductForm({
  product,
  types,
  onDone,
}: {
  product: Product | null;
  types: TypeChoice[];
  onDone: () => void;
}) {
  const formId = useId();
  const save = useSaveProduct();
  const { showToast } = useToast();
  const form = useForm({
    resolver: zodResolver(productInputSchema),
    defaultValues: {
      name: product?.name ?? '',
      description: product?.description ?? '',
      cost: product?.cost ?? '',
      credits: product ? String(product.credits) : '',
      inventoryTypeId: product?.inventoryType.id ?? '',
      stripeId: product?.stripeId ?? '',
      stripePaylink: product?.stripePaylink ?? '',
    },
  });
  const problem = firstFormError(form.formState.errors, FIELD_ORDER);
  const of = product ? `of ${product.name}` : 'of the new product';
  const submit = form.handleSubmit((input) =>
    save.mutate(
      { id: product?.id ?? null, input },
      {
        onSuccess: () => {
          showToast(product ? 'Product updated successfully!' : 'Product added successfully!', 'success');
          onDone();
        },
      },
    ),
  );
  const input = (
    name: 'name' | 'description' | 'cost' | 'credits' | 'stripeId' | 'stripePaylink',
    label: string,
  ) => (
    <input
      form={formId}
      aria-label={`${label} ${of}`}
      placeholder={label}
      inputMode={name === 'cost' ? 'decimal' : name === 'credits' ? 'numeric' : undefined}
      {...form.register(name)}
    />
  );

  return (
    <>
      <tr className="admin-edit-row">
        <td>{input('name', 'Name')}</td>
        <td>{input('description', 'Description')}</td>
        <td>{input('cost', 'Cost')}</td>
        <td>{input('credits', 'Credits')}</td>
        <td>
          <select form={formId} aria-label={`Type ${of}`} {...form.register('inventoryTypeId')}>
            <option value="">Select type</option>
            {types.map((type) => (
              <option key={type.id} value={type.id}>
                {type.name}
              </option>
            ))}
          </select>
        </td>
        <td>{input('stripeId', 'Stripe ID')}</td>
        <td>{input('stripePaylink', 'Stripe Paylink')}</td>
        <td>
          <form id={formId} className="data-table__actions" onSubmit={submit} noValidate>
            <Button type="submit" size="sm" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save'}
            </Button>
            <Button size="sm" variant="quiet" onClick={onDone}>
              Cancel
            </Button>
          </form>
        </td>
      </tr>
      <RowMessage
        message={problem ?? (save.isError ? inlineFailureMessage(save.error.message) : undefined)}
        columns={COLUMN_COUNT}
      />
    </>
  );
}
