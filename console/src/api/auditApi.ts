import type { AuditQuery, ResponseFor } from '@nimbus/api';
import { endpointQuery } from '../apiClient/endpointUrl';
import { baseApi } from '../apiClient/baseApi';

export const auditApi = baseApi.enhanceEndpoints({ addTagTypes: ['Audit'] }).injectEndpoints({
  endpoints: (build) => ({
    listAuditRecords: build.query<ResponseFor<'listAuditRecords'>, AuditQuery>({
      query: (params) => endpointQuery('listAuditRecords', {}, params),
      providesTags: ['Audit'],
    }),
  }),
});

export const { useListAuditRecordsQuery } = auditApi;
