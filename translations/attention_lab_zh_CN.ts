<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>Cli</name>
    <message>
        <source>unexpected argument &quot;%1&quot;</source>
        <translation>多余的参数 "%1"</translation>
    </message>
    <message>
        <source>Print the lesson, section by section</source>
        <translation>逐节打印课程内容</translation>
    </message>
    <message>
        <source>List the built-in presets</source>
        <translation>列出内置预设</translation>
    </message>
    <message>
        <source>Print a preset as a scenario file</source>
        <translation>把预设输出为场景文件</translation>
    </message>
    <message>
        <source>Scores, weights and output of a scenario</source>
        <translation>计算场景的分数、权重和输出</translation>
    </message>
    <message>
        <source>Why scores are divided by √d: the statistics</source>
        <translation>为什么要除以 √d：统计数据</translation>
    </message>
    <message>
        <source>Time attention for growing T</source>
        <translation>随 T 增大给注意力计时</translation>
    </message>
    <message>
        <source>see %1 --help</source>
        <translation>参见 %1 --help</translation>
    </message>
    <message>
        <source>Qt %1 (built with %2), Eigen %3.%4.%5
</source>
        <translation>Qt %1（编译时 %2），Eigen %3.%4.%5
</translation>
    </message>
    <message>
        <source>Show this help.</source>
        <translation>显示本帮助。</translation>
    </message>
    <message>
        <source>Show the version and exit.</source>
        <translation>显示版本后退出。</translation>
    </message>
    <message>
        <source>unknown option %1</source>
        <translation>未知选项 %1</translation>
    </message>
    <message>
        <source>Usage: attention-cli %1 [options]%2</source>
        <translation>用法：attention-cli %1 [选项]%2</translation>
    </message>
    <message>
        <source>%1 is given more than once</source>
        <translation>%1 给了不止一次</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a list of positive integers</source>
        <translation>%1："%2" 不是以逗号分隔的正整数列表</translation>
    </message>
    <message>
        <source>%1: %2 is outside %3 to %4</source>
        <translation>%1：%2 不在 %3 到 %4 之间</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a whole number from %3 to %4</source>
        <translation>%1："%2" 不是 %3 到 %4 之间的整数</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a whole number from 0 to %3</source>
        <translation>%1："%2" 不是 0 到 %3 之间的整数</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a number from %3 to %4</source>
        <translation>%1："%2" 不是 %3 到 %4 之间的数</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not one of %3</source>
        <translation>%1："%2" 不在可选值 %3 之中</translation>
    </message>
    <message>
        <source>%1 and %2 contradict each other</source>
        <translation>%1 与 %2 互相矛盾</translation>
    </message>
    <message>
        <source>Usage: attention-cli COMMAND [options]
Attention in Transformers, number by number, in a terminal.

Commands:
</source>
        <translation>用法：attention-cli 命令 [选项]
在终端里逐个数字地查看 Transformer 的注意力机制。

命令：
</translation>
    </message>
    <message>
        <source>
Options:
  -h, --help  Show this help; COMMAND --help shows a command&apos;s options.
  --version   Show the version and exit.

Exit codes: 0 success, 2 bad command line, 3 invalid input file.
</source>
        <translation>
选项：
  -h, --help  显示本帮助；“命令 --help”显示该命令的选项。
  --version   显示版本后退出。

退出码：0 成功，2 命令行有误，3 输入文件无效。
</translation>
    </message>
    <message>
        <source>no command given; %1</source>
        <translation>没有给出命令；%1</translation>
    </message>
    <message>
        <source>unknown option %1; %2</source>
        <translation>未知选项 %1；%2</translation>
    </message>
    <message>
        <source>unknown command &quot;%1&quot;; %2</source>
        <translation>未知命令 "%1"；%2</translation>
    </message>
    <message>
        <source>could not write the output</source>
        <translation>无法写出输出</translation>
    </message>
    <message>
        <source>out of memory</source>
        <translation>内存不足</translation>
    </message>
    <message>
        <source>%1 B</source>
        <translation>%1 B</translation>
    </message>
    <message>
        <source>%1 KB</source>
        <translation>%1 KB</translation>
    </message>
    <message>
        <source>%1 MB</source>
        <translation>%1 MB</translation>
    </message>
    <message>
        <source>%1 GB</source>
        <translation>%1 GB</translation>
    </message>
    <message>
        <source>timing: run %1 of %2</source>
        <translation>计时：第 %1 次，共 %2 次</translation>
    </message>
    <message>
        <source>Why scores are divided by √d. For each d, many trials draw T queries and T keys with N(0, 1) entries and measure the standard deviation of their dot products (about √d) and the mean of each row&apos;s largest softmax weight, unscaled and with the scores divided by √d. The same seed gives the same figures on every machine.</source>
        <translation>为什么要除以 √d。对每个 d 做多次试验：每次随机抽取 T 个查询和 T 个键（元素服从 N(0, 1)），统计点积的标准差（约为 √d），以及每行最大 softmax 权重的均值，分别按不缩放和除以 √d 两种情况计算。种子相同，任何机器上的结果都相同。</translation>
    </message>
    <message>
        <source>Comma-separated dimensions, each 1 to %1 (default 16,64,256,1024).</source>
        <translation>以逗号分隔的维度，每个 1 到 %1（默认 16,64,256,1024）。</translation>
    </message>
    <message>
        <source>Tokens per trial, 1 to %1 (default %2).</source>
        <translation>每次试验的词数，1 到 %1（默认 %2）。</translation>
    </message>
    <message>
        <source>Trials per d, 1 to %1 (default %2).</source>
        <translation>每个 d 的试验次数，1 到 %1（默认 %2）。</translation>
    </message>
    <message>
        <source>Random seed (default %1).</source>
        <translation>随机种子（默认 %1）。</translation>
    </message>
    <message>
        <source>Measure only the scores a causal mask keeps.</source>
        <translation>只统计因果掩码保留下来的分数。</translation>
    </message>
    <message>
        <source>Output format: table (default) or json.</source>
        <translation>输出格式：table（默认）或 json。</translation>
    </message>
    <message>
        <source>T = %1, %2 trials, seed %3, %4
</source>
        <translation>T = %1，%2 次试验，种子 %3，%4
</translation>
    </message>
    <message>
        <source>causal</source>
        <translation>因果掩码</translation>
    </message>
    <message>
        <source>no mask</source>
        <translation>无掩码</translation>
    </message>
    <message>
        <source>d</source>
        <translation>d</translation>
    </message>
    <message>
        <source>std of q·k</source>
        <translation>q·k 标准差</translation>
    </message>
    <message>
        <source>√d</source>
        <translation>√d</translation>
    </message>
    <message>
        <source>max weight, unscaled</source>
        <translation>最大权重（不缩放）</translation>
    </message>
    <message>
        <source>max weight, ÷√d</source>
        <translation>最大权重（÷√d）</translation>
    </message>
    <message>
        <source>Times attention (float32, like PyTorch&apos;s default) for each kernel and T: the median time, the rate in GFLOP/s (4·T²·d operations), the growth from the previous T (about 4 when T doubles) and the memory the kernel needs beyond its inputs and output. gemm_gflops is a matrix product timed in the same program, for scale.</source>
        <translation>对每个内核、每个 T 给注意力计时（float32，与 PyTorch 的默认精度相同）：耗时中位数、速率 GFLOP/s（按 4·T²·d 次运算计）、相对上一个 T 的增长（T 翻倍时约为 4），以及内核在输入和输出之外额外需要的内存。gemm_gflops 是同一程序中矩阵乘法的速率，用作参照。</translation>
    </message>
    <message>
        <source>Comma-separated sequence lengths, each 1 to %1 (default 1000,2000,4000).</source>
        <translation>以逗号分隔的序列长度，每个 1 到 %1（默认 1000,2000,4000）。</translation>
    </message>
    <message>
        <source>Width of q, k and v, 1 to %1 (default %2).</source>
        <translation>q、k、v 的宽度，1 到 %1（默认 %2）。</translation>
    </message>
    <message>
        <source>Kernel to time: %1 (default all).</source>
        <translation>要计时的内核：%1（默认 all）。</translation>
    </message>
    <message>
        <source>Apply the causal mask.</source>
        <translation>使用因果掩码。</translation>
    </message>
    <message>
        <source>Threads, 1 to %1 (default: every core).</source>
        <translation>线程数，1 到 %1（默认使用全部核心）。</translation>
    </message>
    <message>
        <source>Timed runs per kernel and T after one warm-up, 1 to %1 (default %2).</source>
        <translation>每个内核、每个 T 在一次预热之后的计时次数，1 到 %1（默认 %2）。</translation>
    </message>
    <message>
        <source>kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>T</source>
        <translation>T</translation>
    </message>
    <message>
        <source>median ms</source>
        <translation>耗时中位数 ms</translation>
    </message>
    <message>
        <source>GFLOP/s</source>
        <translation>GFLOP/s</translation>
    </message>
    <message>
        <source>growth</source>
        <translation>增长</translation>
    </message>
    <message>
        <source>extra memory</source>
        <translation>额外内存</translation>
    </message>
    <message>
        <source>unknown preset &quot;%1&quot; (the presets are %2)</source>
        <translation>未知预设 "%1"（可用的预设：%2）</translation>
    </message>
    <message>
        <source>Lists the built-in presets, one name a line. Print one with: attention-cli preset NAME</source>
        <translation>列出内置预设，每行一个名字。输出其中一个：attention-cli preset NAME</translation>
    </message>
    <message>
        <source>Prints a built-in preset as a scenario file (JSON), ready to edit and load.
Presets: %1</source>
        <translation>把内置预设输出为场景文件（JSON），可以直接编辑和加载。
预设：%1</translation>
    </message>
    <message>
        <source>The preset&apos;s name.</source>
        <translation>预设的名字。</translation>
    </message>
    <message>
        <source>missing the preset&apos;s name (the presets are %1)</source>
        <translation>缺少预设名（可用的预设：%1）</translation>
    </message>
    <message>
        <source>Computes the scores, weights and output of a scenario, given as a file or a preset. The options override the scenario&apos;s own settings.
JSON: {&quot;tokens&quot;, &quot;scores&quot;, &quot;weights&quot;, &quot;output&quot;}, a masked score is null. CSV: three tables headed scores, weights and output.</source>
        <translation>计算场景的分数、权重和输出，场景来自文件或预设。选项会覆盖场景自身的设置。
JSON：{"tokens", "scores", "weights", "output"}，被掩码遮住的分数为 null。CSV：三张表，表头分别是 scores、weights 和 output。</translation>
    </message>
    <message>
        <source>A scenario file.</source>
        <translation>场景文件。</translation>
    </message>
    <message>
        <source>Use the built-in preset NAME instead of a file.</source>
        <translation>使用内置预设 NAME，而不是文件。</translation>
    </message>
    <message>
        <source>Multiply every dot product by X (%1 to %2).</source>
        <translation>把每个点积乘以 X（%1 到 %2）。</translation>
    </message>
    <message>
        <source>Hide later tokens (causal mask).</source>
        <translation>遮住后面的词（因果掩码）。</translation>
    </message>
    <message>
        <source>Let every token see every token.</source>
        <translation>让每个词都能看到所有词。</translation>
    </message>
    <message>
        <source>Divide the scores by √d.</source>
        <translation>分数除以 √d。</translation>
    </message>
    <message>
        <source>Do not divide the scores by √d.</source>
        <translation>分数不除以 √d。</translation>
    </message>
    <message>
        <source>Output format: json (default) or csv.</source>
        <translation>输出格式：json（默认）或 csv。</translation>
    </message>
    <message>
        <source>give a scenario file or --preset, not both</source>
        <translation>场景文件和 --preset 只能给一个</translation>
    </message>
    <message>
        <source>give a scenario file or --preset NAME</source>
        <translation>请给出场景文件或 --preset NAME</translation>
    </message>
    <message>
        <source>%1; %2</source>
        <extracomment>What is wrong; see attention-cli COMMAND --help</extracomment>
        <translation>%1；%2</translation>
    </message>
    <message>
        <source>--trials × --T² × --d is %1, more than %2; make one of them smaller</source>
        <translation>--trials × --T² × --d 为 %1，超过了 %2；请减小其中一个</translation>
    </message>
    <message>
        <source>4 × --T² × --d is %1, more than %2; make --T or --d smaller</source>
        <translation>4 × --T² × --d 为 %1，超过了 %2；请减小 --T 或 --d</translation>
    </message>
    <message>
        <source>d = %1, %2, %3; a %4×%4 matrix product runs at %5 GFLOP/s here
</source>
        <translation>d = %1，%2，%3；本机上 %4×%4 矩阵乘法的速率为 %5 GFLOP/s
</translation>
    </message>
    <message numerus="yes">
        <source>%n thread(s)</source>
        <translation>
            <numerusform>%n 个线程</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Lesson</name>
    <message>
        <source>Averaging: one matrix product gives each position the mean of itself and everything before it</source>
        <translation>取平均：每个位置与它之前的所有位置求均值，一次矩阵乘法全部算完</translation>
    </message>
    <message>
        <source>Row 3 of weights · x (&apos;%1&apos;) equals the mean of the first three rows of x: %2</source>
        <translation>weights · x 的第 3 行（'%1'）等于 x 前三行的均值：%2</translation>
    </message>
    <message>
        <source>Scores are dot products: %1&apos;s query %2 is looking for the sky</source>
        <translation>分数就是点积：%1的查询 %2 想找和天空有关的字</translation>
    </message>
    <message>
        <source>scores q·k:</source>
        <translation>分数 q·k：</translation>
    </message>
    <message>
        <source>weights after softmax:</source>
        <translation>经 softmax 得到的权重：</translation>
    </message>
    <message>
        <source>weights of the scores × 5:</source>
        <translation>分数乘以 5 后的权重：</translation>
    </message>
    <message>
        <source>Larger scores make softmax pick a favourite: at × 5, %1 takes %2 of the weight.</source>
        <translation>分数越大，softmax 越偏心：乘以 5 之后，%1独得 %2 的权重。</translation>
    </message>
    <message>
        <source>The causal mask: no looking ahead, scores above the diagonal become −∞ and their weights 0</source>
        <translation>因果掩码：不许往后看，对角线以上的分数改成 −∞，对应的权重随之为 0</translation>
    </message>
    <message>
        <source>random q, k %1 with seed 3, scores divided by √8:</source>
        <translation>随机的 q、k %1（种子 3），分数除以 √8：</translation>
    </message>
    <message>
        <source>Why divide by √d: the wider the vectors, the larger the dot products, and softmax turns all-or-nothing</source>
        <translation>除以 √d 的道理：向量越宽，点积越大，softmax 就越是非此即彼</translation>
    </message>
    <message>
        <source>%1 trials of %2 random queries and keys, seed %3:</source>
        <translation>%1 次试验，每次 %2 个随机查询和键，种子 %3：</translation>
    </message>
    <message>
        <source>d</source>
        <translation>d</translation>
    </message>
    <message>
        <source>std of q·k</source>
        <translation>q·k 标准差</translation>
    </message>
    <message>
        <source>√d</source>
        <translation>√d</translation>
    </message>
    <message>
        <source>largest weight, unscaled</source>
        <translation>最大权重（不缩放）</translation>
    </message>
    <message>
        <source>divided by √d</source>
        <translation>除以 √d 后</translation>
    </message>
    <message>
        <source>The spread of q·k grows like √d; dividing by √d brings it back to about 1 and keeps the weights spread out.</source>
        <translation>q·k 的波动随 √d 增大；除以 √d 后回到 1 左右，权重也就不会全挤到一处。</translation>
    </message>
    <message>
        <source>One attention head: one input, three weight matrices, and out come q, k and v</source>
        <translation>一个注意力头：同一份输入乘上三个权重矩阵，便得到 q、k、v</translation>
    </message>
    <message>
        <source>input %1 → q, k, v each %2 → output %3</source>
        <translation>形状：输入 %1 → q、k、v 各为 %2 → 输出 %3</translation>
    </message>
    <message>
        <source>largest difference to an independent reference: %1 (double), %2 (float32)</source>
        <translation>与独立参考实现的最大差异：%1（双精度），%2（float32）</translation>
    </message>
    <message>
        <source>The cost: T tokens make a T×T table of scores, so doubling T makes four times the work</source>
        <translation>代价：T 个字产生 T×T 的分数表，T 翻一倍，工作量变成四倍</translation>
    </message>
    <message>
        <source>float32, d = %1 like the head above, the %2 kernel on one thread, median of %3 runs:</source>
        <translation>float32，d = %1（与上面的注意力头相同），%2 内核，单线程，取 %3 次运行的中位数：</translation>
    </message>
    <message>
        <source>T</source>
        <translation>T</translation>
    </message>
    <message>
        <source>time</source>
        <translation>耗时</translation>
    </message>
    <message>
        <source>growth</source>
        <translation>增长</translation>
    </message>
    <message>
        <source>T×T table</source>
        <translation>T×T 表</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1 MB</source>
        <translation>%1 MB</translation>
    </message>
    <message>
        <source>Twice the tokens, four times the scores: the time grows about 4× per doubling, and so would the memory of a stored table (this kernel computes it block by block and never stores it whole).</source>
        <translation>字数翻倍，分数变成四倍：T 每翻一倍，耗时约增至 4 倍；若把整张表存下来，内存也是如此（这个内核按块计算，从不存下整张表）。</translation>
    </message>
    <message>
        <source>Prints the lesson&apos;s program output, section by section: 1 averaging, 2 scores and softmax, 3 the causal mask, 4 dividing by √d, 5 one attention head, 6 the cost.
Random figures are seeded and the same on every machine: x in section 1 with seed 1, q and k in section 3 with seed 3, the √d trials with seed 1, the head in section 5 with seed 5 (the random-head preset), the timed matrices with seed 1.</source>
        <translation>逐节打印课程程序的输出：1 取平均，2 打分与 softmax，3 因果掩码，4 除以 √d，5 一个注意力头，6 代价。
随机数都有固定种子，在任何机器上结果都相同：第 1 节的 x 用种子 1，第 3 节的 q、k 用种子 3，√d 试验用种子 1，第 5 节的注意力头用种子 5（即 random-head 预设），计时用的矩阵用种子 1。</translation>
    </message>
    <message>
        <source>Print only section N, 1 to %1.</source>
        <translation>只打印第 N 节，N 为 1 到 %1。</translation>
    </message>
    <message>
        <source>Language: %1 (default: the system&apos;s).</source>
        <translation>语言：%1（默认跟随系统）。</translation>
    </message>
</context>
</TS>
