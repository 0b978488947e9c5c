function greet(name, shout) {
  const text = `hello ${name}`;
  return shout ? text.toLowerCase() : text;
}

function main(argv) {
  if (argv.length === 0) throw new Error("usage: greet NAME [--shout]");
  console.log(greet(argv[0], argv.includes("--shout")));
}

if (require.main === module) {
  main(process.argv.slice(2));
}

module.exports = { greet };
