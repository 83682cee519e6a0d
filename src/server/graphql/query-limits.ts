import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import {
  type ASTVisitor,
  type DocumentNode,
  type FragmentDefinitionNode,
  GraphQLError,
  type GraphQLNamedType,
  type GraphQLSchema,
  getNamedType,
  getNullableType,
  isInterfaceType,
  isListType,
  isObjectType,
  SchemaMetaFieldDef,
  type SelectionSetNode,
  TypeMetaFieldDef,
  TypeNameMetaFieldDef,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';

/**
 * Static limits on every operation (OWASP GraphQL cheat sheet, ASVS V4.3): nesting depth and an
 * estimated cost, checked before anything runs. Cost: each field 1, plus its selection's cost,
 * multiplied by LIST_FACTOR when the field is a list (lists have no page size, so each may be
 * long). Aliases and fragments count wherever they are used. The deepest screen of the spec needs
 * depth 4 and the costliest about 300 (docs/decisions/015-graphql-hardening.md).
 */
export const MAX_DEPTH = 8;
export const MAX_COST = 2000;
export const LIST_FACTOR = 10;
/**
 * Issue 25: a field of the JSON scalar (a record's answers, a form) may hold megabytes, so it costs
 * this much more than a plain field: 400 aliases of `record { data }` cost 20,800 where they cost 800.
 */
export const JSON_FIELD_COST = 50;
/** Issue 25 §1–2: aliases per operation (GraphQL Armor). The screens use none; 20 leaves room. */
export const MAX_ALIASES = 20;
/** Directives per operation (GraphQL Armor): the screens use a few `@include`s at most. */
export const MAX_DIRECTIVES = 20;

/**
 * The limits GraphQL Armor keeps (aliases, directives), reported as validation errors with our
 * codes and wording. Depth and cost stay ours (docs/decisions/111-operation-limits.md): Armor's cost
 * rule knows neither list multipliers nor per-type weights, and its depth rule would only repeat ours.
 */
export function armorRules(): ValidationRule[] {
  const reportAs =
    (code: string, message: string) =>
    (context: ValidationContext | null): void => {
      context?.reportError(new GraphQLError(message, { extensions: { code } }));
    };
  return [
    maxAliasesRule({
      n: MAX_ALIASES,
      allowList: [],
      propagateOnRejection: false,
      onReject: [
        reportAs(
          'QUERY_TOO_MANY_ALIASES',
          `Too many aliases in one operation (at most ${MAX_ALIASES}). Ask for each field once.`,
        ),
      ],
    }),
    maxDirectivesRule({
      n: MAX_DIRECTIVES,
      propagateOnRejection: false,
      onReject: [
        reportAs(
          'QUERY_TOO_MANY_DIRECTIVES',
          `Too many directives in one operation (at most ${MAX_DIRECTIVES}).`,
        ),
      ],
    }),
  ];
}

interface Measure {
  depth: number;
  cost: number;
}

export function queryLimitRules(
  limits: { maxDepth: number; maxCost: number } = {
    maxDepth: MAX_DEPTH,
    maxCost: MAX_COST,
  },
): ValidationRule[] {
  const rule = (context: ValidationContext): ASTVisitor => ({
    OperationDefinition(node) {
      const schema = context.getSchema();
      const root =
        node.operation === 'query'
          ? schema.getQueryType()
          : node.operation === 'mutation'
            ? schema.getMutationType()
            : schema.getSubscriptionType();
      if (!root) return;
      const fragments = new Map<string, FragmentDefinitionNode>();
      for (const definition of context.getDocument().definitions) {
        if (definition.kind === 'FragmentDefinition') fragments.set(definition.name.value, definition);
      }
      const measure = measureSelection(schema, fragments, node.selectionSet, root, new Set(), new Map());
      const name = node.name?.value ?? 'the operation';
      if (measure.depth > limits.maxDepth) {
        context.reportError(
          new GraphQLError(
            `The query is too deep: ${name} nests ${measure.depth} levels (at most ${limits.maxDepth}).`,
            { nodes: [node], extensions: { code: 'QUERY_TOO_DEEP' } },
          ),
        );
      }
      if (measure.cost > limits.maxCost) {
        context.reportError(
          new GraphQLError(
            `The query is too costly: ${name} costs ${measure.cost} (at most ${limits.maxCost}). Ask for fewer fields or lists.`,
            { nodes: [node], extensions: { code: 'QUERY_TOO_COSTLY' } },
          ),
        );
      }
    },
  });
  return [rule];
}

function measureSelection(
  schema: GraphQLSchema,
  fragments: Map<string, FragmentDefinitionNode>,
  selectionSet: SelectionSetNode,
  parentType: GraphQLNamedType,
  visiting: Set<string>,
  // Each fragment is measured once: a fragment spread many times must not cost exponential time.
  measured: Map<string, Measure>,
): Measure {
  let depth = 0;
  let cost = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === 'Field') {
      const name = selection.name.value;
      // Introspection costs like any other field (issue 14 §2: an anonymous batch of it returned
      // 29 MB); it is refused outright in production.
      const field =
        name === '__schema'
          ? SchemaMetaFieldDef
          : name === '__type'
            ? TypeMetaFieldDef
            : name === '__typename'
              ? TypeNameMetaFieldDef
              : isObjectType(parentType) || isInterfaceType(parentType)
                ? parentType.getFields()[name]
                : undefined;
      let child: Measure = { depth: 0, cost: 0 };
      if (selection.selectionSet && field) {
        child = measureSelection(
          schema,
          fragments,
          selection.selectionSet,
          getNamedType(field.type),
          visiting,
          measured,
        );
      }
      const isList = field ? isListType(getNullableType(field.type)) : false;
      const own = field && getNamedType(field.type).name === 'JSON' ? JSON_FIELD_COST : 1;
      depth = Math.max(depth, 1 + child.depth);
      cost += own + child.cost * (isList ? LIST_FACTOR : 1);
      continue;
    }
    let type = parentType;
    if (selection.kind === 'InlineFragment') {
      if (selection.typeCondition) type = schema.getType(selection.typeCondition.name.value) ?? parentType;
      const inner = measureSelection(schema, fragments, selection.selectionSet, type, visiting, measured);
      depth = Math.max(depth, inner.depth);
      cost += inner.cost;
    } else {
      const name = selection.name.value;
      const fragment = fragments.get(name);
      // A cycle is reported by the standard NoFragmentCycles rule; here it must only not loop.
      if (!fragment || visiting.has(name)) continue;
      let inner = measured.get(name);
      if (!inner) {
        type = schema.getType(fragment.typeCondition.name.value) ?? parentType;
        visiting.add(name);
        inner = measureSelection(schema, fragments, fragment.selectionSet, type, visiting, measured);
        visiting.delete(name);
        measured.set(name, inner);
      }
      depth = Math.max(depth, inner.depth);
      cost += inner.cost;
    }
  }
  return { depth, cost };
}

/**
 * The cost of a document as the rule measures it: of its costliest operation (one runs per request).
 * For a batch, whose operations the rule sees one at a time: their costs add up (issue 14 §1).
 */
export function documentCost(schema: GraphQLSchema, document: DocumentNode): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === 'FragmentDefinition') fragments.set(definition.name.value, definition);
  }
  let cost = 0;
  for (const definition of document.definitions) {
    if (definition.kind !== 'OperationDefinition') continue;
    const root =
      definition.operation === 'query'
        ? schema.getQueryType()
        : definition.operation === 'mutation'
          ? schema.getMutationType()
          : schema.getSubscriptionType();
    if (!root) continue;
    cost = Math.max(
      cost,
      measureSelection(schema, fragments, definition.selectionSet, root, new Set(), new Map()).cost,
    );
  }
  return cost;
}
