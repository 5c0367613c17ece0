import { useTestSeed } from '@propfolio/db/testing';
import { appDatabaseSeed } from '@propfolio/operations/testing';

// Every suite here starts the app, which imports the catalog: restore it from the template instead.
useTestSeed(appDatabaseSeed);
