import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { productInputSchema } from '#domain/admin-inputs.ts';
import { formatCost } from '#domain/money.ts';
import type { AdminProductsQuery } from '#web/gql/graphql.ts';
import { useAdminProducts, useSaveProduct } from './api/whole-lists.ts';
import { type AdminColumn, textColumn } from './list/admin-columns.ts';
import { AdminList } from './list/admin-list.tsx';
import { clientList } from './list/list-source.ts';
import { ChoiceSelect, EditRowButton, ExternalLinkOrNotAvailable } from './list/row-cells.tsx';
import { SavedRowForm } from './list/saved-row-form.tsx';
import { useInlineEdit } from './list/use-inline-edit.ts';
import type { AdminUrl } from './use-admin-url.ts';

type Product = AdminProductsQuery['products'][number];
type TypeChoice = AdminProductsQuery['inventoryTypes'][number];

const WORDS = { table: 'Products', noun: 'products', search: 'Search by name' };
const byName = (product: Product) => product.name;
type TextField = 'name' | 'description' | 'cost' | 'credits' | 'stripeId' | 'stripePaylink';
const FIELD_ORDER = [
  'name',
  'description',
  'cost',
  'credits',
  'inventoryTypeId',
  'stripeId',
  'stripePaylink',
];

/**
 * admin-app §2 Products tab: Name, Description, Cost, Qty (Credits when editing), Type, Stripe ID,
 * Stripe Paylink; rows edited inline; "Add New Product" opens an add row.
 */
export function ProductsTab({ url }: { url: AdminUrl }) {
  const products = useAdminProducts();
  const edit = useInlineEdit();
  const types = products.data?.inventoryTypes ?? [];
  const columns: readonly AdminColumn<Product>[] = [
    { id: 'name', label: 'Name', sortBy: byName, cell: byName },
    textColumn('description', 'Description', (product) => product.description, 'admin-table__wrap'),
    {
      id: 'cost',
      label: 'Cost',
      sortBy: (product) => Number(product.cost),
      cell: (product) => formatCost(product.cost),
    },
    {
      id: 'credits',
      label: edit.isOpen ? 'Credits' : 'Qty',
      sortBy: (product) => product.credits,
      cell: (product) => product.credits,
    },
    textColumn('type', 'Type', (product) => product.inventoryType.name),
    textColumn('stripeId', 'Stripe ID', (product) => product.stripeId, 'admin-table__code'),
    {
      id: 'stripePaylink',
      label: 'Stripe Paylink',
      className: 'admin-table__code',
      cell: ({ stripePaylink }) => <ExternalLinkOrNotAvailable href={stripePaylink} text={stripePaylink} />,
    },
    {
      id: 'actions',
      label: 'Actions',
      cell: (product) => <EditRowButton name={product.name} onEdit={() => edit.edit(product.id)} />,
    },
  ];

  // admin-app §7: listed by inventory type name unless a column is chosen.
  const list = clientList(products, (data) => data.products, url, columns, byName);
  const form = (product: Product | null, onDone: () => void) => (
    <ProductForm product={product} types={types} onDone={onDone} />
  );
  const inlineEdit = { edit, form, addLabel: 'Add New Product' };
  return <AdminList words={WORDS} url={url} state={list} columns={columns} inlineEdit={inlineEdit} />;
}

/** What the row's fields hold when it opens: the product as stored, or nothing yet. */
const typed = (product: Product | null) => ({
  name: product?.name ?? '',
  description: product?.description ?? '',
  cost: product?.cost ?? '',
  credits: product ? String(product.credits) : '',
  inventoryTypeId: product?.inventoryType.id ?? '',
  stripeId: product?.stripeId ?? '',
  stripePaylink: product?.stripePaylink ?? '',
});

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
  const save = useSaveProduct();
  const form = useForm({ resolver: zodResolver(productInputSchema), defaultValues: typed(product) });
  const of = product ? `of ${product.name}` : 'of the new product';

  return (
    <SavedRowForm
      id={product?.id ?? null}
      form={form}
      fieldOrder={FIELD_ORDER}
      save={save}
      savedMessage={product ? 'Product updated successfully!' : 'Product added successfully!'}
      onDone={onDone}
      fields={(formId) => {
        const input = (name: TextField, label: string) => (
          <input
            key={name}
            form={formId}
            aria-label={`${label} ${of}`}
            placeholder={label}
            inputMode={name === 'cost' ? 'decimal' : name === 'credits' ? 'numeric' : undefined}
            {...form.register(name)}
          />
        );
        return [
          input('name', 'Name'),
          input('description', 'Description'),
          input('cost', 'Cost'),
          input('credits', 'Credits'),
          <ChoiceSelect
            key="type"
            form={formId}
            aria-label={`Type ${of}`}
            none="Select type"
            choices={types}
            {...form.register('inventoryTypeId')}
          />,
          input('stripeId', 'Stripe ID'),
          input('stripePaylink', 'Stripe Paylink'),
        ];
      }}
    />
  );
}
