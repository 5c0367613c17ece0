import { useTestSeed } from '@propfolio/db/testing';
import { appDatabaseSeed } from '@propfolio/bootstrap/testing';

// Every suite here starts the app, which imports the catalog: restore it from the template instead.
useTestSeed(appDatabaseSeed);
