<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>Cli</name>
    <message>
        <source>unexpected argument &quot;%1&quot;</source>
        <translation></translation>
    </message>
    <message>
        <source>Print the lesson, section by section</source>
        <translation></translation>
    </message>
    <message>
        <source>List the built-in presets</source>
        <translation></translation>
    </message>
    <message>
        <source>Print a preset as a scenario file</source>
        <translation></translation>
    </message>
    <message>
        <source>Scores, weights and output of a scenario</source>
        <translation></translation>
    </message>
    <message>
        <source>Why scores are divided by √d: the statistics</source>
        <translation></translation>
    </message>
    <message>
        <source>Time attention for growing T</source>
        <translation></translation>
    </message>
    <message>
        <source>see %1 --help</source>
        <translation></translation>
    </message>
    <message>
        <source>Qt %1 (built with %2), Eigen %3.%4.%5
</source>
        <translation></translation>
    </message>
    <message>
        <source>Show this help.</source>
        <translation></translation>
    </message>
    <message>
        <source>Show the version and exit.</source>
        <translation></translation>
    </message>
    <message>
        <source>unknown option %1</source>
        <translation></translation>
    </message>
    <message>
        <source>Usage: attention-cli %1 [options]%2</source>
        <translation></translation>
    </message>
    <message>
        <source>%1 is given more than once</source>
        <translation></translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a list of positive integers</source>
        <translation></translation>
    </message>
    <message>
        <source>%1: %2 is outside %3 to %4</source>
        <translation></translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a whole number from %3 to %4</source>
        <translation></translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a whole number from 0 to %3</source>
        <translation></translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a number from %3 to %4</source>
        <translation></translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not one of %3</source>
        <translation></translation>
    </message>
    <message>
        <source>%1 and %2 contradict each other</source>
        <translation></translation>
    </message>
    <message>
        <source>Usage: attention-cli COMMAND [options]
Attention in Transformers, number by number, in a terminal.

Commands:
</source>
        <translation></translation>
    </message>
    <message>
        <source>
Options:
  -h, --help  Show this help; COMMAND --help shows a command&apos;s options.
  --version   Show the version and exit.

Exit codes: 0 success, 2 bad command line, 3 invalid input file.
</source>
        <translation></translation>
    </message>
    <message>
        <source>no command given; %1</source>
        <translation></translation>
    </message>
    <message>
        <source>unknown option %1; %2</source>
        <translation></translation>
    </message>
    <message>
        <source>unknown command &quot;%1&quot;; %2</source>
        <translation></translation>
    </message>
    <message>
        <source>could not write the output</source>
        <translation></translation>
    </message>
    <message>
        <source>out of memory</source>
        <translation></translation>
    </message>
    <message>
        <source>%1 B</source>
        <translation></translation>
    </message>
    <message>
        <source>%1 KB</source>
        <translation></translation>
    </message>
    <message>
        <source>%1 MB</source>
        <translation></translation>
    </message>
    <message>
        <source>%1 GB</source>
        <translation></translation>
    </message>
    <message>
        <source>timing: run %1 of %2</source>
        <translation></translation>
    </message>
    <message>
        <source>Why scores are divided by √d. For each d, many trials draw T queries and T keys with N(0, 1) entries and measure the standard deviation of their dot products (about √d) and the mean of each row&apos;s largest softmax weight, unscaled and with the scores divided by √d. The same seed gives the same figures on every machine.</source>
        <translation></translation>
    </message>
    <message>
        <source>Comma-separated dimensions, each 1 to %1 (default 16,64,256,1024).</source>
        <translation></translation>
    </message>
    <message>
        <source>Tokens per trial, 1 to %1 (default %2).</source>
        <translation></translation>
    </message>
    <message>
        <source>Trials per d, 1 to %1 (default %2).</source>
        <translation></translation>
    </message>
    <message>
        <source>Random seed (default %1).</source>
        <translation></translation>
    </message>
    <message>
        <source>Measure only the scores a causal mask keeps.</source>
        <translation></translation>
    </message>
    <message>
        <source>Output format: table (default) or json.</source>
        <translation></translation>
    </message>
    <message>
        <source>T = %1, %2 trials, seed %3, %4
</source>
        <translation></translation>
    </message>
    <message>
        <source>causal</source>
        <translation></translation>
    </message>
    <message>
        <source>no mask</source>
        <translation></translation>
    </message>
    <message>
        <source>d</source>
        <translation></translation>
    </message>
    <message>
        <source>std of q·k</source>
        <translation></translation>
    </message>
    <message>
        <source>√d</source>
        <translation></translation>
    </message>
    <message>
        <source>max weight, unscaled</source>
        <translation></translation>
    </message>
    <message>
        <source>max weight, ÷√d</source>
        <translation></translation>
    </message>
    <message>
        <source>Times attention (float32, like PyTorch&apos;s default) for each kernel and T: the median time, the rate in GFLOP/s (4·T²·d operations), the growth from the previous T (about 4 when T doubles) and the memory the kernel needs beyond its inputs and output. gemm_gflops is a matrix product timed in the same program, for scale.</source>
        <translation></translation>
    </message>
    <message>
        <source>Comma-separated sequence lengths, each 1 to %1 (default 1000,2000,4000).</source>
        <translation></translation>
    </message>
    <message>
        <source>Width of q, k and v, 1 to %1 (default %2).</source>
        <translation></translation>
    </message>
    <message>
        <source>Kernel to time: %1 (default all).</source>
        <translation></translation>
    </message>
    <message>
        <source>Apply the causal mask.</source>
        <translation></translation>
    </message>
    <message>
        <source>Threads, 1 to %1 (default: every core).</source>
        <translation></translation>
    </message>
    <message>
        <source>Timed runs per kernel and T after one warm-up, 1 to %1 (default %2).</source>
        <translation></translation>
    </message>
    <message>
        <source>kernel</source>
        <translation></translation>
    </message>
    <message>
        <source>T</source>
        <translation></translation>
    </message>
    <message>
        <source>median ms</source>
        <translation></translation>
    </message>
    <message>
        <source>GFLOP/s</source>
        <translation></translation>
    </message>
    <message>
        <source>growth</source>
        <translation></translation>
    </message>
    <message>
        <source>extra memory</source>
        <translation></translation>
    </message>
    <message>
        <source>unknown preset &quot;%1&quot; (the presets are %2)</source>
        <translation></translation>
    </message>
    <message>
        <source>Lists the built-in presets, one name a line. Print one with: attention-cli preset NAME</source>
        <translation></translation>
    </message>
    <message>
        <source>Prints a built-in preset as a scenario file (JSON), ready to edit and load.
Presets: %1</source>
        <translation></translation>
    </message>
    <message>
        <source>The preset&apos;s name.</source>
        <translation></translation>
    </message>
    <message>
        <source>missing the preset&apos;s name (the presets are %1)</source>
        <translation></translation>
    </message>
    <message>
        <source>Computes the scores, weights and output of a scenario, given as a file or a preset. The options override the scenario&apos;s own settings.
JSON: {&quot;tokens&quot;, &quot;scores&quot;, &quot;weights&quot;, &quot;output&quot;}, a masked score is null. CSV: three tables headed scores, weights and output.</source>
        <translation></translation>
    </message>
    <message>
        <source>A scenario file.</source>
        <translation></translation>
    </message>
    <message>
        <source>Use the built-in preset NAME instead of a file.</source>
        <translation></translation>
    </message>
    <message>
        <source>Multiply every dot product by X (%1 to %2).</source>
        <translation></translation>
    </message>
    <message>
        <source>Hide later tokens (causal mask).</source>
        <translation></translation>
    </message>
    <message>
        <source>Let every token see every token.</source>
        <translation></translation>
    </message>
    <message>
        <source>Divide the scores by √d.</source>
        <translation></translation>
    </message>
    <message>
        <source>Do not divide the scores by √d.</source>
        <translation></translation>
    </message>
    <message>
        <source>Output format: json (default) or csv.</source>
        <translation></translation>
    </message>
    <message>
        <source>give a scenario file or --preset, not both</source>
        <translation></translation>
    </message>
    <message>
        <source>give a scenario file or --preset NAME</source>
        <translation></translation>
    </message>
    <message>
        <source>%1; %2</source>
        <extracomment>What is wrong; see attention-cli COMMAND --help</extracomment>
        <translation></translation>
    </message>
    <message>
        <source>--trials × --T² × --d is %1, more than %2; make one of them smaller</source>
        <translation></translation>
    </message>
    <message>
        <source>4 × --T² × --d is %1, more than %2; make --T or --d smaller</source>
        <translation></translation>
    </message>
    <message>
        <source>d = %1, %2, %3; a %4×%4 matrix product runs at %5 GFLOP/s here
</source>
        <translation></translation>
    </message>
    <message numerus="yes">
        <source>%n thread(s)</source>
        <translation>
            <numerusform>%n thread</numerusform>
            <numerusform>%n threads</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Lesson</name>
    <message>
        <source>Averaging: one matrix product gives each position the mean of itself and everything before it</source>
        <translation></translation>
    </message>
    <message>
        <source>Row 3 of weights · x (&apos;%1&apos;) equals the mean of the first three rows of x: %2</source>
        <translation></translation>
    </message>
    <message>
        <source>Scores are dot products: %1&apos;s query %2 is looking for the sky</source>
        <translation></translation>
    </message>
    <message>
        <source>scores q·k:</source>
        <translation></translation>
    </message>
    <message>
        <source>weights after softmax:</source>
        <translation></translation>
    </message>
    <message>
        <source>weights of the scores × 5:</source>
        <translation></translation>
    </message>
    <message>
        <source>Larger scores make softmax pick a favourite: at × 5, %1 takes %2 of the weight.</source>
        <translation></translation>
    </message>
    <message>
        <source>The causal mask: no looking ahead, scores above the diagonal become −∞ and their weights 0</source>
        <translation></translation>
    </message>
    <message>
        <source>random q, k %1 with seed 3, scores divided by √8:</source>
        <translation></translation>
    </message>
    <message>
        <source>Why divide by √d: the wider the vectors, the larger the dot products, and softmax turns all-or-nothing</source>
        <translation></translation>
    </message>
    <message>
        <source>%1 trials of %2 random queries and keys, seed %3:</source>
        <translation></translation>
    </message>
    <message>
        <source>d</source>
        <translation></translation>
    </message>
    <message>
        <source>std of q·k</source>
        <translation></translation>
    </message>
    <message>
        <source>√d</source>
        <translation></translation>
    </message>
    <message>
        <source>largest weight, unscaled</source>
        <translation></translation>
    </message>
    <message>
        <source>divided by √d</source>
        <translation></translation>
    </message>
    <message>
        <source>The spread of q·k grows like √d; dividing by √d brings it back to about 1 and keeps the weights spread out.</source>
        <translation></translation>
    </message>
    <message>
        <source>One attention head: one input, three weight matrices, and out come q, k and v</source>
        <translation></translation>
    </message>
    <message>
        <source>input %1 → q, k, v each %2 → output %3</source>
        <translation></translation>
    </message>
    <message>
        <source>largest difference to an independent reference: %1 (double), %2 (float32)</source>
        <translation></translation>
    </message>
    <message>
        <source>The cost: T tokens make a T×T table of scores, so doubling T makes four times the work</source>
        <translation></translation>
    </message>
    <message>
        <source>float32, d = %1 like the head above, the %2 kernel on one thread, median of %3 runs:</source>
        <translation></translation>
    </message>
    <message>
        <source>T</source>
        <translation></translation>
    </message>
    <message>
        <source>time</source>
        <translation></translation>
    </message>
    <message>
        <source>growth</source>
        <translation></translation>
    </message>
    <message>
        <source>T×T table</source>
        <translation></translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation></translation>
    </message>
    <message>
        <source>%1 MB</source>
        <translation></translation>
    </message>
    <message>
        <source>Twice the tokens, four times the scores: the time grows about 4× per doubling, and so would the memory of a stored table (this kernel computes it block by block and never stores it whole).</source>
        <translation></translation>
    </message>
    <message>
        <source>Prints the lesson&apos;s program output, section by section: 1 averaging, 2 scores and softmax, 3 the causal mask, 4 dividing by √d, 5 one attention head, 6 the cost.
Random figures are seeded and the same on every machine: x in section 1 with seed 1, q and k in section 3 with seed 3, the √d trials with seed 1, the head in section 5 with seed 5 (the random-head preset), the timed matrices with seed 1.</source>
        <translation></translation>
    </message>
    <message>
        <source>Print only section N, 1 to %1.</source>
        <translation></translation>
    </message>
    <message>
        <source>Language: %1 (default: the system&apos;s).</source>
        <translation></translation>
    </message>
</context>
</TS>
