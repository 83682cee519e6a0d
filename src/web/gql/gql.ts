/* eslint-disable */
import * as types from './graphql';



/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query AccountOrganization {\n    viewer {\n      id\n      organization {\n        id\n        name\n        phone\n        website\n        availableCredits {\n          count\n          inventoryType {\n            id\n            name\n          }\n        }\n      }\n    }\n  }\n": typeof types.AccountOrganizationDocument,
    "\n  query OrganizationRecords($organizationId: ID!) {\n    organizationRecords(organizationId: $organizationId) {\n      id\n      createdAt\n      updatedAt\n      submitted\n      clientId\n      user {\n        name\n      }\n      inventoryType {\n        id\n        name\n      }\n    }\n  }\n": typeof types.OrganizationRecordsDocument,
    "\n  query HomeRecords {\n    viewer {\n      id\n      name\n      records {\n        id\n        createdAt\n        updatedAt\n        submitted\n        inventoryType {\n          name\n        }\n      }\n    }\n  }\n": typeof types.HomeRecordsDocument,
    "\n  query Products {\n    viewer {\n      id\n      organization {\n        id\n      }\n    }\n    products {\n      id\n      name\n      description\n      cost\n      credits\n      paymentLink\n      inventoryType {\n        name\n      }\n    }\n  }\n": typeof types.ProductsDocument,
};
const documents: Documents = {
    "\n  query AccountOrganization {\n    viewer {\n      id\n      organization {\n        id\n        name\n        phone\n        website\n        availableCredits {\n          count\n          inventoryType {\n            id\n            name\n          }\n        }\n      }\n    }\n  }\n": types.AccountOrganizationDocument,
    "\n  query OrganizationRecords($organizationId: ID!) {\n    organizationRecords(organizationId: $organizationId) {\n      id\n      createdAt\n      updatedAt\n      submitted\n      clientId\n      user {\n        name\n      }\n      inventoryType {\n        id\n        name\n      }\n    }\n  }\n": types.OrganizationRecordsDocument,
    "\n  query HomeRecords {\n    viewer {\n      id\n      name\n      records {\n        id\n        createdAt\n        updatedAt\n        submitted\n        inventoryType {\n          name\n        }\n      }\n    }\n  }\n": types.HomeRecordsDocument,
    "\n  query Products {\n    viewer {\n      id\n      organization {\n        id\n      }\n    }\n    products {\n      id\n      name\n      description\n      cost\n      credits\n      paymentLink\n      inventoryType {\n        name\n      }\n    }\n  }\n": types.ProductsDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AccountOrganization {\n    viewer {\n      id\n      organization {\n        id\n        name\n        phone\n        website\n        availableCredits {\n          count\n          inventoryType {\n            id\n            name\n          }\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').AccountOrganizationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OrganizationRecords($organizationId: ID!) {\n    organizationRecords(organizationId: $organizationId) {\n      id\n      createdAt\n      updatedAt\n      submitted\n      clientId\n      user {\n        name\n      }\n      inventoryType {\n        id\n        name\n      }\n    }\n  }\n"): typeof import('./graphql').OrganizationRecordsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query HomeRecords {\n    viewer {\n      id\n      name\n      records {\n        id\n        createdAt\n        updatedAt\n        submitted\n        inventoryType {\n          name\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').HomeRecordsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Products {\n    viewer {\n      id\n      organization {\n        id\n      }\n    }\n    products {\n      id\n      name\n      description\n      cost\n      credits\n      paymentLink\n      inventoryType {\n        name\n      }\n    }\n  }\n"): typeof import('./graphql').ProductsDocument;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
