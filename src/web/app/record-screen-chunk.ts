/** The record screen's code, one loader for the router and the start-up preload (issue 15 §2). */
export const preloadRecordScreen = () => import('#web/features/record/record-screen.tsx');
