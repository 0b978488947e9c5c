module.exports = {
  preset: 'ts-jest',
  testEnvironment: 'node',
};
