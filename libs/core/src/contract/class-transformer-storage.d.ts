// class-transformer keeps @Type metadata in a storage it does not export from its entry point.
declare module 'class-transformer/cjs/storage.js' {
  export const defaultMetadataStorage: {
    findTypeMetadata(target: Function, propertyName: string): unknown;
  };
}
