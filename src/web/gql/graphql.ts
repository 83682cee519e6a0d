/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type AccountOrganizationQueryVariables = Exact<{ [key: string]: never; }>;


export type AccountOrganizationQuery = { viewer: { id: string, organization: { id: string, name: string, phone: string | null, website: string | null, availableCredits: Array<{ count: number, inventoryType: { id: string, name: string } }> } | null } };

export type OrganizationRecordsQueryVariables = Exact<{
  organizationId: string | number;
}>;


export type OrganizationRecordsQuery = { organizationRecords: Array<{ id: string, createdAt: string, updatedAt: string, submitted: boolean, clientId: string | null, user: { name: string | null } | null, inventoryType: { id: string, name: string } }> };

export type HomeRecordsQueryVariables = Exact<{ [key: string]: never; }>;


export type HomeRecordsQuery = { viewer: { id: string, name: string | null, records: Array<{ id: string, createdAt: string, updatedAt: string, submitted: boolean, inventoryType: { name: string } }> } };

export type ProductsQueryVariables = Exact<{ [key: string]: never; }>;


export type ProductsQuery = { viewer: { id: string, organization: { id: string } | null }, products: Array<{ id: string, name: string, description: string, cost: string, credits: number, paymentLink: string | null, inventoryType: { name: string } }> };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}

export const AccountOrganizationDocument = new TypedDocumentString(`
    query AccountOrganization {
  viewer {
    id
    organization {
      id
      name
      phone
      website
      availableCredits {
        count
        inventoryType {
          id
          name
        }
      }
    }
  }
}
    `) as unknown as TypedDocumentString<AccountOrganizationQuery, AccountOrganizationQueryVariables>;
export const OrganizationRecordsDocument = new TypedDocumentString(`
    query OrganizationRecords($organizationId: ID!) {
  organizationRecords(organizationId: $organizationId) {
    id
    createdAt
    updatedAt
    submitted
    clientId
    user {
      name
    }
    inventoryType {
      id
      name
    }
  }
}
    `) as unknown as TypedDocumentString<OrganizationRecordsQuery, OrganizationRecordsQueryVariables>;
export const HomeRecordsDocument = new TypedDocumentString(`
    query HomeRecords {
  viewer {
    id
    name
    records {
      id
      createdAt
      updatedAt
      submitted
      inventoryType {
        name
      }
    }
  }
}
    `) as unknown as TypedDocumentString<HomeRecordsQuery, HomeRecordsQueryVariables>;
export const ProductsDocument = new TypedDocumentString(`
    query Products {
  viewer {
    id
    organization {
      id
    }
  }
  products {
    id
    name
    description
    cost
    credits
    paymentLink
    inventoryType {
      name
    }
  }
}
    `) as unknown as TypedDocumentString<ProductsQuery, ProductsQueryVariables>;