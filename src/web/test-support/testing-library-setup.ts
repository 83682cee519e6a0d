import { configure } from '@testing-library/react';

// Lazily loaded screens are compiled on first import by Vite's transform: on a busy 2-core CI
// machine that took longer than testing-library's 1 s default, and a lazy route's test failed
// (issue 16 §6). Every findBy…/waitFor of the web tests waits up to 8 s instead.
configure({ asyncUtilTimeout: 8_000 });
