<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>ChartAccessible</name>
    <message>
        <source>Axes: %1</source>
        <translation>坐标轴：%1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>no points yet</source>
        <translation>还没有数据点</translation>
    </message>
    <message>
        <source>%1 against %2; </source>
        <translation>%1 随 %2 变化；</translation>
    </message>
    <message>
        <source>%1 points; first %2, last %3, lowest %4</source>
        <translation>共 %1 个点；第一个 %2，最后一个 %3，最低 %4</translation>
    </message>
</context>
<context>
    <name>Cli</name>
    <message>
        <source>unexpected argument &quot;%1&quot;</source>
        <translation>多余的参数 &quot;%1&quot;</translation>
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
        <translation>%1 重复给出</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a list of positive integers</source>
        <translation>%1：&quot;%2&quot; 不是以逗号分隔的正整数列表</translation>
    </message>
    <message>
        <source>%1: %2 is outside %3 to %4</source>
        <translation>%1：%2 不在 %3 到 %4 之间</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a whole number from %3 to %4</source>
        <translation>%1：&quot;%2&quot; 不是 %3 到 %4 之间的整数</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a whole number from 0 to %3</source>
        <translation>%1：&quot;%2&quot; 不是 0 到 %3 之间的整数</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a number from %3 to %4</source>
        <translation>%1：&quot;%2&quot; 不是 %3 到 %4 之间的数</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not one of %3</source>
        <translation>%1：&quot;%2&quot; 不在可选值 %3 之中</translation>
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
        <translation>未知命令 &quot;%1&quot;；%2</translation>
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
        <translation>每次试验的词元数，1 到 %1（默认 %2）。</translation>
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
        <translation>未知预设 &quot;%1&quot;（可用的预设：%2）</translation>
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
JSON：{&quot;tokens&quot;, &quot;scores&quot;, &quot;weights&quot;, &quot;output&quot;}，被掩码遮住的分数为 null。CSV：三张表，表头分别是 scores、weights 和 output。</translation>
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
        <translation>遮住后面的词元（因果掩码）。</translation>
    </message>
    <message>
        <source>Let every token see every token.</source>
        <translation>让每个词元都能看到所有词元。</translation>
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
    <message>
        <source>%1 kernels
</source>
        <translation>%1 内核
</translation>
    </message>
    <message>
        <source>Licensed under the MIT License.
</source>
        <translation>采用 MIT 许可证授权。
</translation>
    </message>
    <message>
        <source>documents</source>
        <translation>文档数</translation>
    </message>
    <message>
        <source>characters</source>
        <translation>字符数</translation>
    </message>
    <message>
        <source>training characters</source>
        <translation>训练字符数</translation>
    </message>
    <message>
        <source>validation characters</source>
        <translation>验证字符数</translation>
    </message>
    <message>
        <source>vocabulary (ids)</source>
        <translation>词表（id 数）</translation>
    </message>
    <message>
        <source>unknown (id 0) in training</source>
        <translation>训练集中的未知字符（id 0）</translation>
    </message>
    <message>
        <source>unknown (id 0) in validation</source>
        <translation>验证集中的未知字符（id 0）</translation>
    </message>
    <message>
        <source>unigram validation loss</source>
        <translation>一元模型验证损失</translation>
    </message>
    <message>
        <source>corpus %1
</source>
        <translation>语料 %1
</translation>
    </message>
    <message>
        <source>Shows the text the tiny model trains on: its documents and characters, the training and validation split (every tenth document is validation; with fewer than ten documents, the last tenth of the text, at least %1 characters), the vocabulary (id 0 for characters seen fewer than two times in training) and the loss of a model that only knows how often each character occurs.
JSON: {&quot;corpus&quot;, &quot;documents&quot;, &quot;characters&quot;, &quot;train_characters&quot;, &quot;val_characters&quot;, &quot;vocab_size&quot;, &quot;unknown_in_train&quot;, &quot;unknown_in_val&quot;, &quot;unigram_val_loss&quot;}.</source>
        <translation>显示小模型训练所用的文本：文档数和字符数，训练集与验证集的划分（每十篇文档中的第十篇用于验证；不足十篇时，取文本最后十分之一，至少 %1 个字符），词表（训练集中出现少于两次的字符记为 id 0），以及只知道各字符出现频率的模型的损失。
JSON：{&quot;corpus&quot;, &quot;documents&quot;, &quot;characters&quot;, &quot;train_characters&quot;, &quot;val_characters&quot;, &quot;vocab_size&quot;, &quot;unknown_in_train&quot;, &quot;unknown_in_val&quot;, &quot;unigram_val_loss&quot;}。</translation>
    </message>
    <message>
        <source>The tiny model&apos;s training text and its vocabulary</source>
        <translation>小模型的训练文本及其词表</translation>
    </message>
    <message>
        <source>Train the tiny character Transformer</source>
        <translation>训练字符级小型 Transformer</translation>
    </message>
    <message>
        <source>A trained model&apos;s loss, attention and guesses on a text</source>
        <translation>训练好的模型在一段文本上的损失、注意力和预测</translation>
    </message>
    <message>
        <source>The gradient of eval&apos;s loss, as a weights file</source>
        <translation>eval 损失的梯度，存为权重文件</translation>
    </message>
    <message>
        <source>Text written by a trained model</source>
        <translation>由训练好的模型写出的文本</translation>
    </message>
    <message>
        <source>--%1 is missing</source>
        <translation>缺少 --%1</translation>
    </message>
    <message>
        <source>loss %1 over %2 predictions
</source>
        <translation>损失 %1（共 %2 次预测）
</translation>
    </message>
    <message>
        <source>
layer %1, head %2 (row: query, column: key)
</source>
        <translation>
第 %1 层，第 %2 个头（行：查询，列：键）
</translation>
    </message>
    <message>
        <source>
most likely next characters
</source>
        <translation>
最可能的下一个字符
</translation>
    </message>
    <message>
        <source>One forward pass of a trained model over a text of 2 to context characters: the loss of predicting each next character of the text, every head&apos;s attention weights, and the five most likely next characters at each position. Characters the model does not know become id 0 (�).</source>
        <translation>用训练好的模型对一段 2 到 context 个字符的文本做一次前向计算：预测文本中每个下一个字符的损失、每个头的注意力权重，以及每个位置上最可能的五个下一个字符。模型不认识的字符记为 id 0（�）。</translation>
    </message>
    <message>
        <source>The text, such as 床前明月光.</source>
        <translation>文本，例如 床前明月光。</translation>
    </message>
    <message>
        <source>The gradient of eval&apos;s loss on a text with respect to every weight of the model, written as a weights file with the same tensor names and shapes. Prints the loss and the gradient&apos;s norm.</source>
        <translation>eval 在一段文本上的损失对模型每个权重的梯度，写成张量名称和形状都相同的权重文件。输出损失和梯度的范数。</translation>
    </message>
    <message>
        <source>The text, 2 to context characters.</source>
        <translation>文本，2 到 context 个字符。</translation>
    </message>
    <message>
        <source>The gradient file to write.</source>
        <translation>要写出的梯度文件。</translation>
    </message>
    <message>
        <source>--out is empty</source>
        <translation>--out 为空</translation>
    </message>
    <message>
        <source>Writes text with a trained model: starting from the prompt, it draws each next character from the model&apos;s probabilities sharpened or flattened by the temperature (0: always the most likely), seeing the last context characters. The same seed gives the same text. Prints the prompt and what follows it.</source>
        <translation>用训练好的模型写文本：从提示开始，按模型的概率（由温度调得更尖锐或更平缓；0 表示总取最可能的字符）逐个抽取下一个字符，模型只看最后 context 个字符。种子相同，文本相同。输出提示及其后续。</translation>
    </message>
    <message>
        <source>The text to continue (default 床前).</source>
        <translation>要续写的文本（默认 床前）。</translation>
    </message>
    <message>
        <source>Characters to write, 1 to %1 (default 64).</source>
        <translation>要写的字符数，1 到 %1（默认 64）。</translation>
    </message>
    <message>
        <source>0 to %1 (default 1).</source>
        <translation>0 到 %1（默认 1）。</translation>
    </message>
    <message>
        <source>Random seed (default 1).</source>
        <translation>随机种子（默认 1）。</translation>
    </message>
    <message>
        <source>--prompt is empty</source>
        <translation>--prompt 为空</translation>
    </message>
    <message>
        <source>%1: the weights do not fit the model&apos;s config</source>
        <translation>%1：权重与模型配置不符</translation>
    </message>
    <message>
        <source>Training steps, 1 to %1 (default %2).</source>
        <translation>训练步数，1 到 %1（默认 %2）。</translation>
    </message>
    <message>
        <source>Windows per step, 1 to %1 (default %2).</source>
        <translation>每步的窗口数，1 到 %1（默认 %2）。</translation>
    </message>
    <message>
        <source>Characters the model sees, 1 to 256 (default %1).</source>
        <translation>模型能看到的字符数，1 到 256（默认 %1）。</translation>
    </message>
    <message>
        <source>Width, 1 to 512 and a multiple of --heads (default %1).</source>
        <translation>宽度，1 到 512，且是 --heads 的倍数（默认 %1）。</translation>
    </message>
    <message>
        <source>Attention heads per block, 1 to 16 (default %1).</source>
        <translation>每个块的注意力头数，1 到 16（默认 %1）。</translation>
    </message>
    <message>
        <source>Blocks, 1 to 4 (default %1).</source>
        <translation>块数，1 到 4（默认 %1）。</translation>
    </message>
    <message>
        <source>Blocks without the MLP.</source>
        <translation>块中不含 MLP。</translation>
    </message>
    <message>
        <source>Peak learning rate, above 0 to 1 (default %1).</source>
        <translation>峰值学习率，大于 0 且不超过 1（默认 %1）。</translation>
    </message>
    <message>
        <source>Steps of linear warm-up, 0 to --steps (default %1).</source>
        <translation>线性预热的步数，0 到 --steps（默认 %1）。</translation>
    </message>
    <message>
        <source>AdamW weight decay of the matrices, 0 to 1 (default %1).</source>
        <translation>AdamW 对矩阵的权重衰减，0 到 1（默认 %1）。</translation>
    </message>
    <message>
        <source>Steps between validations, 1 to --steps (default 200, at most --steps).</source>
        <translation>两次验证之间的步数，1 到 --steps（默认 200，不超过 --steps）。</translation>
    </message>
    <message>
        <source>Save the weights of the best validation loss to this file.</source>
        <translation>把验证损失最低时的权重保存到此文件。</translation>
    </message>
    <message>
        <source>--corpus is empty</source>
        <translation>--corpus 为空</translation>
    </message>
    <message>
        <source>--d-model %1 is not a multiple of --heads %2</source>
        <translation>--d-model %1 不是 --heads %2 的倍数</translation>
    </message>
    <message>
        <source>--lr: &quot;%1&quot; is not a number above 0 to 1</source>
        <translation>--lr：&quot;%1&quot; 不是大于 0 且不超过 1 的数</translation>
    </message>
    <message>
        <source>--out: &quot;%1&quot; is not a file name</source>
        <translation>--out：&quot;%1&quot; 不是文件名</translation>
    </message>
    <message>
        <source>--out: cannot write in the folder %1</source>
        <translation>--out：无法写入文件夹 %1</translation>
    </message>
    <message>
        <source>step %1: train loss %2, validation loss %3, %4 steps/s
</source>
        <translation>第 %1 步：训练损失 %2，验证损失 %3，每秒 %4 步
</translation>
    </message>
    <message>
        <source>model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>MLP</source>
        <translation>含 MLP</translation>
    </message>
    <message>
        <source>no MLP</source>
        <translation>无 MLP</translation>
    </message>
    <message>
        <source>parameters</source>
        <translation>参数数</translation>
    </message>
    <message>
        <source>batch, lr, threads</source>
        <translation>批大小、学习率、线程数</translation>
    </message>
    <message>
        <source>steps, seconds</source>
        <translation>步数、秒数</translation>
    </message>
    <message>
        <source>%1, %2 (%3 steps/s)</source>
        <translation>%1，%2（每秒 %3 步）</translation>
    </message>
    <message>
        <source>train loss</source>
        <translation>训练损失</translation>
    </message>
    <message>
        <source>validation loss</source>
        <translation>验证损失</translation>
    </message>
    <message>
        <source>best validation loss</source>
        <translation>最低验证损失</translation>
    </message>
    <message>
        <source>%1 at step %2</source>
        <translation>%1（第 %2 步）</translation>
    </message>
    <message>
        <source>unigram baseline</source>
        <translation>一元模型基线</translation>
    </message>
    <message>
        <source>punctuation F1</source>
        <translation>标点 F1</translation>
    </message>
    <message>
        <source>Trains the tiny character Transformer on a corpus: windows of --context + 1 characters drawn at random from the training text, AdamW with a warm-up and a cosine decay. Every --eval-every steps it prints the mean training loss since the last line, the loss on the validation text and the speed; at the end the whole run, with the unigram baseline to beat and the punctuation F1. The same settings, seed and threads give the same losses.</source>
        <translation>在语料上训练字符级小型 Transformer：从训练文本中随机抽取 --context + 1 个字符的窗口，使用带预热和余弦衰减的 AdamW。每隔 --eval-every 步输出自上一行以来的平均训练损失、验证文本上的损失和速度；最后输出整次训练的结果，包括要超过的一元模型基线和标点 F1。设置、种子和线程数相同，损失就相同。</translation>
    </message>
    <message>
        <source>%1: %2 different characters, more than a model&apos;s 65536</source>
        <translation>%1：有 %2 个不同的字符，超过了模型上限 65536</translation>
    </message>
    <message>
        <source>--batch × --context × vocabulary size is %1, more than %2; make --batch or --context smaller</source>
        <translation>--batch × --context × 词表大小为 %1，超过了 %2；请减小 --batch 或 --context</translation>
    </message>
    <message>
        <source>%1: cannot train on this corpus</source>
        <translation>%1：无法在此语料上训练</translation>
    </message>
    <message>
        <source>head</source>
        <translation>头</translation>
    </message>
    <message>
        <source>role</source>
        <translation>角色</translation>
    </message>
    <message>
        <source>loss change when off</source>
        <translation>关掉后的损失变化</translation>
    </message>
    <message>
        <source>The corpus whose validation text is read (default: the one the model was trained on, from its file).</source>
        <translation>读取哪个语料的验证文本（默认：模型文件中记录的训练语料）。</translation>
    </message>
    <message>
        <source>--model is missing</source>
        <translation>缺少 --model</translation>
    </message>
    <message>
        <source>%1: the validation text is shorter than one window of %2 characters</source>
        <translation>%1：验证文本不足一个 %2 字符的窗口</translation>
    </message>
    <message>
        <source>What each head of a trained model does and is worth</source>
        <translation>训练好的模型的每个头做什么、有多大用处</translation>
    </message>
    <message>
        <source>Switch these heads off (1-based layer.head, such as 2.3,1.1): each one&apos;s output is zero before the output projection.</source>
        <translation>关掉这些头（从 1 开始的 层.头，例如 2.3,1.1）：它们的输出在输出投影之前置为零。</translation>
    </message>
    <message>
        <source>The weights file, written by train --out; tang: the long-trained 全唐诗 model that ships with Attention Lab.</source>
        <translation>权重文件，由 train --out 写出；tang：随 Attention Lab 提供的、在全唐诗上长时间训练的模型。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a head: write LAYER.HEAD, such as 2.3</source>
        <translation>&quot;%1&quot; 不是一个头：请写成 层.头，例如 2.3</translation>
    </message>
    <message>
        <source>the model has no head %1.%2: its layers are 1 to %3, its heads 1 to %4</source>
        <translation>模型没有头 %1.%2：它的层是 1 到 %3，头是 1 到 %4</translation>
    </message>
    <message>
        <source>heads: %1 of %2 passes done</source>
        <translation>heads：已完成 %1 遍，共 %2 遍</translation>
    </message>
    <message>
        <source>tang300 (default: 300 Tang poems, from the package fortunes-zh), song100 (100 Song lyrics, the same package), tang (全唐诗: 57,603 poems from the npm package chinese-poetry, in simplified characters), copy (the copy task), repeat (random strings written twice, where an induction head forms), or a UTF-8 text file whose paragraphs are the documents.</source>
        <translation>tang300（默认：唐诗三百首，来自软件包 fortunes-zh）、song100（宋词一百首，同一软件包）、tang（全唐诗：来自 npm 软件包 chinese-poetry 的 57,603 首诗，已转为简体字）、copy（复制任务）、repeat（随机字符串写两遍，会形成归纳头），或一个以段落为文档的 UTF-8 文本文件。</translation>
    </message>
    <message>
        <source>--corpus: give tang300, song100, tang, copy, repeat or a file name</source>
        <translation>--corpus：请给出 tang300、song100、tang、copy、repeat 或一个文件名</translation>
    </message>
    <message>
        <source>each document: %1 to %2 characters drawn at random from %3 (%4 characters, seed %5), then the same string again
</source>
        <translation>每篇文档：从 %3（%4 个字，种子 %5）中随机抽取 %1 到 %2 个字，再把同一串字写一遍
</translation>
    </message>
    <message>
        <source>validation loss %1; ratio: weight on the role&apos;s key ÷ a uniform head&apos;s; a role from %2× over at least %3 rows
</source>
        <translation>验证损失 %1；比值：放在该角色所指键上的权重 ÷ 均匀头的权重；至少 %3 行、达到 %2× 才算担任该角色
</translation>
    </message>
    <message numerus="yes">
        <source>heads: the model does not know %n of the characters of %1&apos;s validation text; it reads each as the unknown character.</source>
        <translation>
            <numerusform>heads：模型不认识 %1 验证文本中的 %n 个字；每个都当作未知字符来读。</numerusform>
        </translation>
    </message>
    <message>
        <source>What each head of a trained model does over a corpus&apos;s validation text: for each role (previous_char, last_comma, line_start, previous_line, rhyme, induction, current_char, fixed_offset, first_position) the mean weight it puts on the key that role names, divided by what a head that spreads its weight evenly would put there; the role it plays (the largest ratio from %1× over at least %2 rows, else none); and how much the validation loss rises when that head alone is switched off.
JSON: {&quot;val_loss&quot;, &quot;heads&quot;: [{&quot;layer&quot;, &quot;head&quot;, &quot;role&quot;, &quot;ratios&quot;: {…}, &quot;offset&quot;, &quot;ablation_val_loss_increase&quot;}]}, layer and head 1-based; a ratio is null where the text has no row for its role, the role null where none is played; offset is fixed_offset&apos;s distance back.</source>
        <translation>训练好的模型的每个头在某个语料的验证文本上做什么：对每个角色（previous_char、last_comma、line_start、previous_line、rhyme、induction、current_char、fixed_offset、first_position），该头放在这个角色所指键上的平均权重，除以均匀分配权重的头放在那里的权重；它担任的角色（至少 %2 行、达到 %1× 的比值中最大的那个，否则没有）；以及只关掉这个头时验证损失上升多少。
JSON：{&quot;val_loss&quot;, &quot;heads&quot;: [{&quot;layer&quot;, &quot;head&quot;, &quot;role&quot;, &quot;ratios&quot;: {…}, &quot;offset&quot;, &quot;ablation_val_loss_increase&quot;}]}，层和头从 1 开始编号；文本中没有某角色的行时该比值为 null，不担任任何角色时 role 为 null；offset 是 fixed_offset 往前数的距离。</translation>
    </message>
    <message>
        <source>--context %1 --layers %2%3 --steps %4 --batch %5 --lr %6 --warmup %7 --eval-every %8</source>
        <translation>--context %1 --layers %2%3 --steps %4 --batch %5 --lr %6 --warmup %7 --eval-every %8</translation>
    </message>
    <message>
        <source>tang300 (default), song100, tang (全唐诗; its own defaults: %1), copy (the copy task), repeat (random strings written twice, where an induction head forms; its own defaults: %2) or a UTF-8 text file.</source>
        <translation>tang300（默认）、song100、tang（全唐诗；有自己的默认设置：%1）、copy（复制任务）、repeat（随机字符串写两遍，会形成归纳头；有自己的默认设置：%2），或一个 UTF-8 文本文件。</translation>
    </message>
    <message>
        <source>Blocks with the MLP (the default, but for --corpus repeat).</source>
        <translation>块中包含 MLP（默认如此，--corpus repeat 除外）。</translation>
    </message>
    <message>
        <source>--mlp and --no-mlp contradict each other</source>
        <translation>--mlp 与 --no-mlp 互相矛盾</translation>
    </message>
    <message numerus="yes">
        <source>--text has %n character(s); this model takes 2 to %1</source>
        <translation>
            <numerusform>--text 有 %n 个字符；此模型接受 2 到 %1 个</numerusform>
        </translation>
    </message>
    <message>
        <source>vocabulary %1, context %2, d_model %3, %4, %5, %6</source>
        <translation>词表 %1，上下文 %2，d_model %3，%4，%5，%6</translation>
    </message>
    <message numerus="yes">
        <source>%n head(s)</source>
        <translation>
            <numerusform>%n 个头</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n layer(s)</source>
        <translation>
            <numerusform>%n 层</numerusform>
        </translation>
    </message>
    <message>
        <source>each head switched off alone: the change of the validation loss and of the in-context learning score (%1 with every head on), and the induction ratio of each head of the next layer
</source>
        <translation>每次单独关掉一个头：验证损失和上下文学习分数的变化（所有头都开着时分数为 %1），以及下一层每个头的归纳比值
</translation>
    </message>
    <message>
        <source>head off</source>
        <translation>关掉的头</translation>
    </message>
    <message>
        <source>loss change</source>
        <translation>损失变化</translation>
    </message>
    <message>
        <source>score change</source>
        <translation>分数变化</translation>
    </message>
    <message>
        <source>next layer&apos;s induction</source>
        <translation>下一层的归纳</translation>
    </message>
    <message>
        <source>Also switch each head off alone and report the change of the in-context learning score and the induction ratio of each head of the next layer (JSON: &quot;icl_score&quot; with every head on, and each head&apos;s &quot;knockout&quot;: {&quot;val_loss_increase&quot;, &quot;icl_score_change&quot;, &quot;induction_after&quot;}).</source>
        <translation>另外单独关掉每个头，报告上下文学习分数的变化和下一层每个头的归纳比值（JSON：&quot;icl_score&quot; 为所有头都开着时的分数，每个头的 &quot;knockout&quot;: {&quot;val_loss_increase&quot;, &quot;icl_score_change&quot;, &quot;induction_after&quot;}）。</translation>
    </message>
    <message>
        <source>operations a step</source>
        <translation>每步运算量</translation>
    </message>
    <message>
        <source>efficiency</source>
        <translation>效率</translation>
    </message>
    <message>
        <source>%1 GFLOP/s against %2 GFLOP/s for the same products as plain matrix products on the same threads: %3</source>
        <translation>%1 GFLOP/s，相同的乘积作为普通矩阵乘法在相同线程上为 %2 GFLOP/s：%3</translation>
    </message>
</context>
<context>
    <name>CorpusFile</name>
    <message>
        <source>no such file; it comes with the package fortunes-zh: install fortunes-zh (sudo apt install fortunes-zh)</source>
        <translation>文件不存在；它来自软件包 fortunes-zh：请安装 fortunes-zh（sudo apt install fortunes-zh）</translation>
    </message>
    <message>
        <source>no such file</source>
        <translation>文件不存在</translation>
    </message>
    <message>
        <source>cannot be read (a directory, or no permission)</source>
        <translation>无法读取（是目录，或没有权限）</translation>
    </message>
    <message>
        <source>%1 bytes is too large; a corpus may have at most %2 MiB</source>
        <translation>%1 字节太大；语料最多 %2 MiB</translation>
    </message>
    <message>
        <source>No corpus given.</source>
        <translation>未指定语料。</translation>
    </message>
    <message>
        <source>not valid UTF-8 at byte offset %1; save it as UTF-8 text (a text editor&apos;s Save As offers the encoding; GBK or Big5 files must be converted)</source>
        <translation>在字节偏移 %1 处不是有效的 UTF-8；请把它另存为 UTF-8 文本（文本编辑器的“另存为”可以选择编码；GBK 或 Big5 编码的文件需要先转换）</translation>
    </message>
    <message>
        <source>the training text has %1 characters, fewer than one window of %2 (context + 1); choose a longer text or a smaller context</source>
        <translation>训练文本只有 %1 个字符，不足一个 %2 字符的窗口（上下文 + 1）；请选择更长的文本或更小的上下文</translation>
    </message>
    <message>
        <source>the validation text has %1 characters, fewer than one window of %2 (context + 1); choose a longer text or a smaller context</source>
        <translation>验证文本只有 %1 个字符，不足一个 %2 字符的窗口（上下文 + 1）；请选择更长的文本或更小的上下文</translation>
    </message>
    <message>
        <source>this file is in GBK (GB18030), not UTF-8; save it as UTF-8 (a text editor&apos;s Save As offers the encoding; on the command line: iconv -f GB18030 -t UTF-8)</source>
        <translation>这个文件是 GBK（GB18030）编码，不是 UTF-8；请另存为 UTF-8（文本编辑器的“另存为”可以选择编码；命令行：iconv -f GB18030 -t UTF-8）</translation>
    </message>
    <message>
        <source>no such file; 全唐诗 is built from the npm package chinese-poetry: scripts/run.sh fetches and converts it (it needs npm and opencc)</source>
        <translation>文件不存在；全唐诗由 npm 包 chinese-poetry 生成：scripts/run.sh 会下载并转换它（需要 npm 和 opencc）</translation>
    </message>
    <message>
        <source>copy task</source>
        <translation>复制任务</translation>
    </message>
    <message>
        <source>repeat task</source>
        <translation>重复任务</translation>
    </message>
</context>
<context>
    <name>HeadGridAccessible</name>
    <message>
        <source>Attention heads</source>
        <translation>注意力头</translation>
    </message>
    <message>
        <source>layer %1, head %2</source>
        <translation>第 %1 层，第 %2 个头</translation>
    </message>
    <message>
        <source>%1 (position %2) %3</source>
        <translation>%1（位置 %2）%3</translation>
    </message>
    <message>
        <source>position %1 (%2) looks at %3</source>
        <translation>位置 %1（%2）关注 %3</translation>
    </message>
    <message>
        <source>%1, reads %2</source>
        <translation>%1，读取%2</translation>
    </message>
    <message>
        <source>%1 of %2 at training step %3; selected: layer %4, head %5</source>
        <translation>%1，每层 %2，训练第 %3 步；已选：第 %4 层，第 %5 个头</translation>
    </message>
    <message numerus="yes">
        <source>%n layer(s)</source>
        <translation>
            <numerusform>%n 层</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n head(s)</source>
        <translation>
            <numerusform>%n 个头</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HeatmapAccessible</name>
    <message>
        <source>%1 → %2: %3</source>
        <translation>%1 → %2：%3</translation>
    </message>
    <message>
        <source>%1, masked</source>
        <translation>%1，已遮蔽</translation>
    </message>
</context>
<context>
    <name>KeptRuns</name>
    <message>
        <source>needs a step, a loss and a list of losses by position</source>
        <translation>需要步数、损失和按位置列出的损失</translation>
    </message>
    <message>
        <source>its induction ratios are not numbers</source>
        <translation>它的归纳比值不是数字</translation>
    </message>
    <message>
        <source>has no setup</source>
        <translation>没有设置</translation>
    </message>
    <message>
        <source>its training loss is not a list of [step, loss] pairs</source>
        <translation>它的训练损失不是 [步数, 损失] 对的列表</translation>
    </message>
    <message>
        <source>validation %1 %2</source>
        <translation>第 %1 次验证%2</translation>
    </message>
    <message>
        <source>has no validation</source>
        <translation>没有验证</translation>
    </message>
    <message>
        <source>not JSON (%1 at byte %2)</source>
        <translation>不是 JSON（第 %2 字节处：%1）</translation>
    </message>
    <message>
        <source>no list of at most %1 kept runs</source>
        <translation>不是最多 %1 次保留训练的列表</translation>
    </message>
    <message>
        <source>run %1 %2</source>
        <translation>第 %1 次训练：%2</translation>
    </message>
    <message>
        <source>%1 cannot be removed</source>
        <translation>无法删除 %1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1: larger than %2 MiB, not kept runs</source>
        <translation>%1：超过 %2 MiB，不是保留的训练</translation>
    </message>
</context>
<context>
    <name>LayersExercise</name>
    <message>
        <source>Train one layer on the repeat task and keep the run (Layers 1, Train, Keep this run).</source>
        <translation>在重复任务上训练一层并保留这次训练（层数 1，训练，保留这次训练）。</translation>
    </message>
    <message>
        <source>One layer: the strongest head puts %1 a uniform head&apos;s weight on the character after the earlier copy, in-context learning score %2 nats. %3 layers: %4, score %5 nats, %6 nats lower.</source>
        <translation>一层：最强的头在前一次出现之后那个字上放的权重是均匀头的 %1，上下文学习分数 %2 奈特。%3 层：%4，分数 %5 奈特，低了 %6 奈特。</translation>
    </message>
    <message>
        <source>The deeper run has no induction head yet (%1): train it longer.</source>
        <translation>更深的那次训练还没有归纳头（%1）：再训练久一点。</translation>
    </message>
    <message>
        <source>The one-layer run has a head at %1 on the induction role.</source>
        <translation>一层的训练有一个头在归纳角色上达到了 %1。</translation>
    </message>
    <message>
        <source>The scores differ by less than %1 nats.</source>
        <translation>两个分数相差不到 %1 奈特。</translation>
    </message>
    <message>
        <source>The circuit needs two layers: one head writes the previous character, a later one reads it.</source>
        <translation>这个回路需要两层：一个头写下前一个字，后面一层的头读它。</translation>
    </message>
    <message>
        <source>This one-layer run is kept when it finishes (or now: Keep this run); then start exercise 6 again to train two layers beside it.</source>
        <translation>这次一层的训练结束时会被保留（也可以现在就点“保留这次训练”）；然后再次开始练习 6，在旁边训练两层。</translation>
    </message>
    <message>
        <source>Now train two layers on the repeat task beside the kept one-layer run (start exercise 6 again).</source>
        <translation>现在在保留的一层训练旁边，在重复任务上训练两层（再次开始练习 6）。</translation>
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
        <translation>weights · x 的第 3 行（&apos;%1&apos;）等于 x 前三行的均值：%2</translation>
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
        <translation>代价：T 个词元产生 T×T 的分数表，T 翻一倍，工作量变成四倍</translation>
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
        <source>Twice the tokens, four times the scores: the time grows about 4× per doubling, and so would the memory of a stored table (this kernel computes it block by block and never stores it whole).</source>
        <translation>词元数翻倍，分数变成四倍：T 每翻一倍，耗时约增至 4 倍；若把整张表存下来，内存也是如此（这个内核按块计算，从不存下整张表）。</translation>
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
<context>
    <name>LessonText</name>
    <message>
        <source>Averaging</source>
        <translation>取平均</translation>
    </message>
    <message>
        <source>The simplest way for a token to gather what came before it is to average: row &lt;i&gt;i&lt;/i&gt; of the weight matrix gives 1/&lt;i&gt;i&lt;/i&gt; to each of the first &lt;i&gt;i&lt;/i&gt; tokens and 0 to the rest, so one product, &lt;b&gt;weights · x&lt;/b&gt;, averages every position at once. Click a row to see which inputs it averages. The flaw: every earlier token counts the same, whatever it means.</source>
        <translation>一个词元要汇集它前面的信息，最简单的办法是取平均：权重矩阵的第 &lt;i&gt;i&lt;/i&gt; 行给前 &lt;i&gt;i&lt;/i&gt; 个词元各 1/&lt;i&gt;i&lt;/i&gt;，其余为 0，于是一次乘法 &lt;b&gt;权重 · x&lt;/b&gt; 就同时算出了每个位置的平均。点击某一行，看看它对哪些输入取平均。缺点是：前面的词元无论含义如何，分量都一样。</translation>
    </message>
    <message>
        <source>Queries and keys</source>
        <translation>查询和键</translation>
    </message>
    <message>
        <source>Each token gets a &lt;b&gt;query&lt;/b&gt; (what it looks for) and a &lt;b&gt;key&lt;/b&gt; (what it offers). A query scores each key by their dot product, and softmax turns a row of scores into weights that sum to 1. Drag 光&apos;s query or any key in the plane and watch the bars. The scale slider multiplies every score: at 5× the weights crowd onto the best match.</source>
        <translation>每个词元都有一个&lt;b&gt;查询&lt;/b&gt;（它要找什么）和一个&lt;b&gt;键&lt;/b&gt;（它能提供什么）。查询用点积给每个键打分，softmax 再把一行分数变成和为 1 的权重。在平面上拖动“光”的查询或任意一个键，观察柱状图的变化。缩放滑块把每个分数乘以同一个倍数：到 5× 时，权重都挤到最匹配的键上。</translation>
    </message>
    <message>
        <source>Exercise 1: 光 looks for position</source>
        <translation>练习 1：“光”改找位置</translation>
    </message>
    <message>
        <source>光&apos;s query is now [0, 1]: it matches the position dimension, so its weight moves from 明 and 月 to 床 and 前.</source>
        <translation>“光”的查询现在是 [0, 1]：它与“位置”这一维相匹配，于是权重从“明”“月”转到了“床”“前”。</translation>
    </message>
    <message>
        <source>The causal mask</source>
        <translation>因果掩码</translation>
    </message>
    <message>
        <source>A model that predicts the next token must not see the tokens after it. Their scores are set to −∞ before softmax, which makes their weights exactly 0, and each row&apos;s remaining weights again sum to 1. The q and k here are random (d = 8, scores divided by √8): re-roll them, switch the mask and compare the two weight tables.</source>
        <translation>预测下一个词元的模型不能看到它后面的词元。在 softmax 之前把这些词元的分数设为 −∞，它们的权重就恰好是 0，每行其余权重之和仍为 1。这里的 q 和 k 是随机的（d = 8，分数除以 √8）：重新抽取它们，切换掩码，比较两张权重表。</translation>
    </message>
    <message>
        <source>Why divide by √d</source>
        <translation>为什么要除以 √d</translation>
    </message>
    <message>
        <source>The dot product of two random d-dimensional vectors adds up d terms, so its spread grows like √d. Large scores make softmax put nearly all the weight on one key, as the 5× slider did, and such a softmax barely learns. Dividing the scores by √d brings their spread back to about 1 for every d.</source>
        <translation>两个随机 d 维向量的点积是 d 项之和，所以它的波动随 √d 增大。分数很大时，softmax 会把几乎全部权重给一个键，就像滑块调到 5× 时那样，而这样的 softmax 几乎学不动。把分数除以 √d，无论 d 是多少，波动都回到 1 左右。</translation>
    </message>
    <message>
        <source>A complete head</source>
        <translation>完整的注意力头</translation>
    </message>
    <message>
        <source>In a trained model nobody writes q, k and v by hand: three learned matrices W&lt;sub&gt;q&lt;/sub&gt;, W&lt;sub&gt;k&lt;/sub&gt; and W&lt;sub&gt;v&lt;/sub&gt; map the same input X to them. Then score, divide by √d&lt;sub&gt;head&lt;/sub&gt;, mask, softmax and take the weighted sum of v. The badge compares the result with an independent reference implementation.</source>
        <translation>训练好的模型里，q、k、v 不是手写的：三个学出来的矩阵 W&lt;sub&gt;q&lt;/sub&gt;、W&lt;sub&gt;k&lt;/sub&gt;、W&lt;sub&gt;v&lt;/sub&gt; 把同一个输入 X 分别变换成它们。然后打分、除以 √d&lt;sub&gt;head&lt;/sub&gt;、加掩码、做 softmax，再对 v 加权求和。校验标签把结果与一个独立的参考实现相比较。</translation>
    </message>
    <message>
        <source>Exercise 2: remove the mask</source>
        <translation>练习 2：去掉掩码</translation>
    </message>
    <message>
        <source>The mask is off: every row now weighs all five tokens, and the output still agrees with the reference computed without a causal mask.</source>
        <translation>掩码已关闭：现在每一行都对全部五个词元加权，输出仍与不带因果掩码的参考实现一致。</translation>
    </message>
    <message>
        <source>The cost</source>
        <translation>代价</translation>
    </message>
    <message>
        <source>Every query scores every key, so a sequence of T tokens has a T × T score table. Doubling T multiplies the work, and the memory of the full table, by about 4: on a log-log chart the times lie on a line of slope 2. The tiled kernel computes the same output without ever storing the table.</source>
        <translation>每个查询都要给每个键打分，所以 T 个词元的序列有一张 T × T 的分数表。T 翻一倍，计算量和整张表占的内存都约变为 4 倍：在双对数坐标图上，耗时落在一条斜率为 2 的直线上。tiled 内核算出同样的输出，却从不存下整张表。</translation>
    </message>
    <message>
        <source>Exercise 3: time T = 1000, 2000, 4000</source>
        <translation>练习 3：给 T = 1000、2000、4000 计时</translation>
    </message>
    <message>
        <source>Compare each time with the one before: about 4× for each doubling of T, which is a slope near 2.</source>
        <translation>把每个耗时与前一个相比：T 每翻一倍，耗时约变为 4 倍，也就是斜率接近 2。</translation>
    </message>
    <message>
        <source>Check yourself</source>
        <translation>自测</translation>
    </message>
    <message>
        <source>Answer each question in your own words first, then reveal ours.</source>
        <translation>先用自己的话回答每个问题，再展开看我们的答案。</translation>
    </message>
    <message>
        <source>What do queries, keys and values each do?</source>
        <translation>查询、键和值各起什么作用？</translation>
    </message>
    <message>
        <source>A query describes what a position is looking for and a key what a position can offer; the dot product of a query with each key measures the match, and softmax turns those scores into weights. A value is what a position passes on: the output is the sum of the values, each multiplied by its weight.</source>
        <translation>查询描述一个位置要找什么，键描述一个位置能提供什么；查询与每个键的点积衡量二者有多匹配，softmax 再把这些分数变成权重。值是一个位置传递出去的内容：输出就是每个值乘以各自的权重后的总和。</translation>
    </message>
    <message>
        <source>How is the causal mask applied, and why is it needed?</source>
        <translation>因果掩码是怎么加上的？为什么需要它？</translation>
    </message>
    <message>
        <source>Before softmax, every score of a later position is replaced by −∞, so its weight comes out exactly 0. A model learning to predict the next token must not see that token, or it would copy the answer instead of learning to predict it.</source>
        <translation>在 softmax 之前，把后面位置的分数全部换成 −∞，这样它们的权重恰好为 0。模型要学的是预测下一个词元，所以不能看到那个词元，否则它会直接抄答案，而学不会预测。</translation>
    </message>
    <message>
        <source>Why are the scores divided by the square root of d?</source>
        <translation>为什么分数要除以 d 的平方根？</translation>
    </message>
    <message>
        <source>For vectors with unit-variance entries, a dot product of d terms has a standard deviation of about √d. Unscaled, the scores grow with d until softmax is nearly one-hot, its gradients almost vanish and training stalls; dividing by √d keeps their spread near 1.</source>
        <translation>若向量各元素的方差为 1，d 项相加的点积标准差约为 √d。不缩放的话，分数随 d 增大，直到 softmax 的输出几乎成了独热向量，梯度几乎消失，训练停滞；除以 √d 能让分数的波动保持在 1 左右。</translation>
    </message>
    <message>
        <source>A trained model</source>
        <translation>训练好的模型</translation>
    </message>
    <message>
        <source>Exercise 4: the last comma</source>
        <translation>练习 4：最近的逗号</translation>
    </message>
    <message>
        <source>Here nobody sets q and k by hand: a small Transformer learns its own by predicting the next character of a text. Press &lt;b&gt;Train&lt;/b&gt;: the loss falls below the unigram baseline (character counts alone) while the heads turn from a flat causal triangle into patterns, one on the previous character, another on the last ， or 。; the slider replays how they formed. Validation rising while training falls is over-fitting. In the &lt;b&gt;repeat task&lt;/b&gt; each string comes twice: two heads learn together to find the earlier copy and read what followed it, an induction head. &lt;b&gt;Open the long-trained model&lt;/b&gt; for heads that read all of 全唐诗.</source>
        <translation>这里没有人手工设定 q 和 k：一个小型的字符级模型通过预测一段文本的下一个字符，自己把它们学出来。按下&lt;b&gt;训练&lt;/b&gt;：损失降到一元模型基线（只凭字符出现的次数）以下，同时各个头从一片均匀的因果三角形变成各种模式：有的看前一个字符，有的回看最近的“，”或“。”；滑块可以重放它们的形成过程。训练损失还在下降而验证损失上升，就是过拟合。在&lt;b&gt;重复任务&lt;/b&gt;里每串字出现两次：两个头一起学会找到前一份，读出它后面的字，这就是归纳头。按&lt;b&gt;打开长时间训练的模型&lt;/b&gt;，看看读过整部全唐诗的各个头。</translation>
    </message>
    <message>
        <source>A head passes when its role is the last comma: at least %1× a uniform head&apos;s weight on the last “，”, and no role of it higher.</source>
        <translation>一个头的角色是最近的逗号时算通过：放在最近的“，”上的权重至少是均匀头的 %1×，且它没有比值更高的角色。</translation>
    </message>
    <message>
        <source>Exercise 5: the induction circuit</source>
        <translation>练习 5：归纳回路</translation>
    </message>
    <message>
        <source>Find the layer-2 head that reads the earlier copy (%1×), then the layer-1 head it needs: switched off, its ratio falls below %2×.</source>
        <translation>找出第 2 层里读前一份的头（%1×），再找出它依赖的第 1 层的头：关掉它，比值就降到 %2× 以下。</translation>
    </message>
    <message>
        <source>Exercise 6: two layers, not one</source>
        <translation>练习 6：两层，而不是一层</translation>
    </message>
    <message>
        <source>Train one layer on the repeat task (the exercise keeps the run when it finishes), then start it again to train two layers beside it: only the two-layer run gets an induction head (%1×; none at %2× in one layer) and an in-context learning score %3 nats lower.</source>
        <translation>在重复任务上训练一层（训练结束时练习会保留它），再次开始练习，在旁边训练两层：只有两层的训练会出现归纳头（%1×；一层里没有头达到 %2×），上下文学习分数也低 %3 奈特。</translation>
    </message>
</context>
<context>
    <name>ModelFile</name>
    <message>
        <source>the file has %1 bytes; a model file may have at most %2 MiB</source>
        <translation>文件有 %1 字节；模型文件最多 %2 MiB</translation>
    </message>
    <message>
        <source>no model file name given</source>
        <translation>未给出模型文件名</translation>
    </message>
    <message>
        <source>no such file</source>
        <translation>文件不存在</translation>
    </message>
    <message>
        <source>is not a regular file</source>
        <translation>不是普通文件</translation>
    </message>
    <message>
        <source>cannot be read: %1</source>
        <translation>无法读取：%1</translation>
    </message>
    <message>
        <source>must start with U+FFFD and hold no character twice</source>
        <translation>必须以 U+FFFD 开头，且字符不得重复</translation>
    </message>
    <message>
        <source>expected 64 lower-case hexadecimal digits</source>
        <translation>应为 64 位小写十六进制数字</translation>
    </message>
    <message>
        <source>must not be negative</source>
        <translation>不能为负</translation>
    </message>
    <message>
        <source>must be a finite number</source>
        <translation>必须是有限数</translation>
    </message>
    <message>
        <source>%1 tensors, expected %2</source>
        <translation>有 %1 个张量，应为 %2 个</translation>
    </message>
    <message>
        <source>%1 values, but shape %2 needs %3</source>
        <translation>有 %1 个值，但形状 %2 需要 %3 个</translation>
    </message>
    <message>
        <source>the model is not valid: %1</source>
        <translation>模型无效：%1</translation>
    </message>
    <message>
        <source>cannot be written: %1</source>
        <translation>无法写入：%1</translation>
    </message>
    <message>
        <source>this metadata entry is missing</source>
        <translation>缺少此元数据项</translation>
    </message>
    <message>
        <source>expected a string, found %1</source>
        <translation>应为字符串，实际为%1</translation>
    </message>
    <message>
        <source>not valid JSON: %1 at offset %2</source>
        <translation>不是有效的 JSON：偏移 %2 处%1</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <source>expected an object, found %1</source>
        <translation>应为对象，实际为%1</translation>
    </message>
    <message>
        <source>expected &quot;%1&quot;, found %2</source>
        <translation>应为 &quot;%1&quot;，实际为%2</translation>
    </message>
    <message>
        <source>unsupported version %1; this program reads version %2</source>
        <translation>不支持版本 %1；本程序读取版本 %2</translation>
    </message>
    <message>
        <source>this field is missing</source>
        <translation>缺少此字段</translation>
    </message>
    <message>
        <source>expected an integer, found %1</source>
        <translation>应为整数，实际为%1</translation>
    </message>
    <message>
        <source>expected a JSON object</source>
        <translation>应为 JSON 对象</translation>
    </message>
    <message>
        <source>unknown field &quot;%1&quot;</source>
        <translation>未知字段 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>expected true or false, found %1</source>
        <translation>应为 true 或 false，实际为%1</translation>
    </message>
    <message>
        <source>expected a JSON array</source>
        <translation>应为 JSON 数组</translation>
    </message>
    <message>
        <source>expected one character, found %1</source>
        <translation>应为单个字符，实际为%1</translation>
    </message>
    <message>
        <source>expected the unknown character &quot;�&quot; (U+FFFD)</source>
        <translation>应为未知字符 &quot;�&quot;（U+FFFD）</translation>
    </message>
    <message>
        <source>repeats vocab[%1]</source>
        <translation>与 vocab[%1] 重复</translation>
    </message>
    <message>
        <source>expected a JSON object {&quot;name&quot;: …, &quot;sha256&quot;: …}</source>
        <translation>应为 JSON 对象 {&quot;name&quot;: …, &quot;sha256&quot;: …}</translation>
    </message>
    <message>
        <source>expected 64 lower-case hexadecimal digits, found %1</source>
        <translation>应为 64 位小写十六进制数字，实际为%1</translation>
    </message>
    <message>
        <source>expected a whole number of steps, found %1</source>
        <translation>应为非负整数步数，实际为%1</translation>
    </message>
    <message>
        <source>expected an integer from 0 to 2⁶⁴ − 1, found %1</source>
        <translation>应为 0 到 2⁶⁴ − 1 的整数，实际为%1</translation>
    </message>
    <message>
        <source>expected a finite number, found %1</source>
        <translation>应为有限数，实际为%1</translation>
    </message>
    <message>
        <source>dtype is %1, expected &quot;F32&quot;</source>
        <translation>dtype 为%1，应为 &quot;F32&quot;</translation>
    </message>
    <message>
        <source>shape holds %1, expected whole numbers</source>
        <translation>shape 含有%1，应为非负整数</translation>
    </message>
    <message>
        <source>shape %1 disagrees with config (expected %2)</source>
        <translation>形状 %1 与 config 不符（应为 %2）</translation>
    </message>
    <message>
        <source>data_offsets must be two whole numbers [begin, end]</source>
        <translation>data_offsets 必须是两个非负整数 [begin, end]</translation>
    </message>
    <message>
        <source>data_offsets [%1, %2] end before they begin</source>
        <translation>data_offsets [%1, %2] 的结束位置在开始位置之前</translation>
    </message>
    <message>
        <source>data_offsets [%1, %2] run past the end of the file (the data has %3 bytes)</source>
        <translation>data_offsets [%1, %2] 超出文件末尾（数据只有 %3 字节）</translation>
    </message>
    <message>
        <source>data_offsets [%1, %2] hold %3 bytes, but shape %4 needs %5</source>
        <translation>data_offsets [%1, %2] 含 %3 字节，但形状 %4 需要 %5 字节</translation>
    </message>
    <message>
        <source>tensor %1</source>
        <translation>张量 %1</translation>
    </message>
    <message>
        <source>not a tensor of this model</source>
        <translation>不是此模型的张量</translation>
    </message>
    <message>
        <source>data_offsets [%1, %2] overlap those of %3</source>
        <translation>data_offsets [%1, %2] 与 %3 的重叠</translation>
    </message>
    <message>
        <source>data_offsets begin at %1, leaving bytes %2 to %1 unused</source>
        <translation>data_offsets 从 %1 开始，字节 %2 到 %1 未被使用</translation>
    </message>
    <message>
        <source>%1 bytes of data follow the last tensor</source>
        <translation>最后一个张量之后还有 %1 字节数据</translation>
    </message>
    <message>
        <source>the file has %1 bytes, too few for the 8-byte header length</source>
        <translation>文件只有 %1 字节，不足以容纳 8 字节的头部长度</translation>
    </message>
    <message>
        <source>the header length %1 is more than the %2 MiB allowed</source>
        <translation>头部长度 %1 超过允许的 %2 MiB</translation>
    </message>
    <message>
        <source>the header length %1 runs past the end of the file (%2 bytes)</source>
        <translation>头部长度 %1 超出文件末尾（文件共 %2 字节）</translation>
    </message>
    <message>
        <source>the number %1</source>
        <translation>数字 %1</translation>
    </message>
    <message>
        <source>the string %1</source>
        <translation>字符串 %1</translation>
    </message>
    <message>
        <source>an array</source>
        <translation>数组</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>空</translation>
    </message>
    <message>
        <source>%1 is outside %2 to %3</source>
        <translation>%1 不在 %2 到 %3 之间</translation>
    </message>
    <message>
        <source>%1 is not a multiple of config.heads (%2)</source>
        <translation>%1 不是 config.heads（%2）的倍数</translation>
    </message>
    <message>
        <source>not valid</source>
        <translation>无效</translation>
    </message>
    <message>
        <source>element %1 (row %2, column %3)</source>
        <translation>元素 %1（第 %2 行，第 %3 列）</translation>
    </message>
    <message>
        <source>element %1</source>
        <translation>元素 %1</translation>
    </message>
    <message>
        <source>%1 is not finite (%2)</source>
        <translation>%1 不是有限数（%2）</translation>
    </message>
    <message>
        <source>the file is empty</source>
        <translation>文件是空的</translation>
    </message>
    <message numerus="yes">
        <source>%n character(s), but config.vocab_size is %1</source>
        <translation>
            <numerusform>有 %n 个字符，但 config.vocab_size 为 %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… (%n extent(s))</source>
        <translation>
            <numerusform>…（共 %n 维）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>NumberFormat</name>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 小时 %2 分</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 分 %2 秒</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
</context>
<context>
    <name>NumberSpinBox</name>
    <message>
        <source>The box is empty; type a number.</source>
        <translation>输入框是空的；请输入一个数。</translation>
    </message>
    <message>
        <source>“%1” is not a number.</source>
        <translation>“%1”不是数字。</translation>
    </message>
    <message>
        <source>%1 is not a finite number.</source>
        <translation>%1 不是有限的数。</translation>
    </message>
    <message>
        <source>%1 is outside the range %2 to %3.</source>
        <translation>%1 超出了 %2 到 %3 的范围。</translation>
    </message>
    <message>
        <source>%1 is not a whole number.</source>
        <translation>%1 不是整数。</translation>
    </message>
    <message>
        <source>“%1” holds a group separator (%2): type the number without it, with %3 as the decimal mark.</source>
        <translation>“%1”含有分组分隔符（%2）：请去掉它再输入，小数点用 %3。</translation>
    </message>
    <message>
        <source>%1 is too close to 0 to be held; type 0 instead.</source>
        <translation>%1 太接近 0，无法表示；请直接输入 0。</translation>
    </message>
</context>
<context>
    <name>Presets</name>
    <message>
        <source>床前明月光 with hand-made queries and keys; 光 looks for the sky</source>
        <translation>床前明月光，查询和键均为手工设定；“光”在找天空</translation>
    </message>
    <message>
        <source>Exercise 1: 光 looks for position, query [0, 1]</source>
        <translation>练习 1：“光”改找位置，查询为 [0, 1]</translation>
    </message>
    <message>
        <source>The lesson&apos;s scores multiplied by 5: softmax sharpens</source>
        <translation>课程中的分数乘以 5：softmax 变得更集中</translation>
    </message>
    <message>
        <source>Step 1: every position averages itself and the positions before it</source>
        <translation>第 1 步：每个位置对自己和前面的所有位置取平均</translation>
    </message>
    <message>
        <source>A seeded single head: d_model 16, d_head 8, causal, scaled by √d</source>
        <translation>固定种子的单个注意力头：d_model 16，d_head 8，因果掩码，除以 √d</translation>
    </message>
    <message>
        <source>sky</source>
        <translation>天空</translation>
    </message>
    <message>
        <source>position</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>床前明月光 — average</source>
        <translation>床前明月光 — 取平均</translation>
    </message>
    <message>
        <source>床前明月光 — random head</source>
        <translation>床前明月光 — 随机注意力头</translation>
    </message>
</context>
<context>
    <name>Scenario</name>
    <message>
        <source>: must be a finite number</source>
        <translation>: 必须是有限的数</translation>
    </message>
    <message>
        <source>: %1 is larger in magnitude than %2</source>
        <translation>: %1 的绝对值超过了 %2</translation>
    </message>
    <message>
        <source>tokens: %1 tokens; a scenario needs 1 to %2</source>
        <translation>tokens: %1 个词元；场景需要 1 到 %2 个</translation>
    </message>
    <message>
        <source>tokens[%1]: a token must not be empty</source>
        <translation>tokens[%1]: 词元不能为空</translation>
    </message>
    <message>
        <source>queries: dimension %1; d must be 1 to %2</source>
        <translation>queries: 维度为 %1；d 必须在 1 到 %2 之间</translation>
    </message>
    <message>
        <source>queries: %1 rows for %2 tokens</source>
        <translation>queries: 有 %1 行，但词元有 %2 个</translation>
    </message>
    <message>
        <source>keys: %1 rows for %2 tokens</source>
        <translation>keys: 有 %1 行，但词元有 %2 个</translation>
    </message>
    <message>
        <source>keys: width %1, but queries have width %2</source>
        <translation>keys: 宽度为 %1，但 queries 的宽度为 %2</translation>
    </message>
    <message>
        <source>values: %1 rows for %2 tokens</source>
        <translation>values: 有 %1 行，但词元有 %2 个</translation>
    </message>
    <message>
        <source>values: width %1; it must be 1 to %2</source>
        <translation>values: 宽度为 %1；必须在 1 到 %2 之间</translation>
    </message>
    <message>
        <source>dimension_names: %1 names for dimension %2</source>
        <translation>dimension_names: 有 %1 个名字，但维度为 %2</translation>
    </message>
    <message>
        <source>score_scale: %1 is outside %2 to %3</source>
        <translation>score_scale: %1 不在 %2 到 %3 之间</translation>
    </message>
</context>
<context>
    <name>ScenarioFile</name>
    <message>
        <source>the value %1</source>
        <translation>值 %1</translation>
    </message>
    <message>
        <source>the number %1</source>
        <translation>数字 %1</translation>
    </message>
    <message>
        <source>the string &quot;%1&quot;</source>
        <translation>字符串 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>an array</source>
        <translation>数组</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>空</translation>
    </message>
    <message>
        <source>%1 MiB is too large; a scenario file may have at most %2 MiB</source>
        <translation>%1 MiB 太大；场景文件最多 %2 MiB</translation>
    </message>
    <message>
        <source>the number %1 is out of the range of a double</source>
        <translation>数字 %1 超出双精度浮点数的范围</translation>
    </message>
    <message>
        <source>not valid JSON: %1 at offset %2 (line %3)</source>
        <translation>不是有效的 JSON：%1，位于偏移 %2（第 %3 行）</translation>
    </message>
    <message>
        <source>this field is missing</source>
        <translation>缺少此字段</translation>
    </message>
    <message>
        <source>expected a number, found %1</source>
        <translation>应为数字，实际为%1</translation>
    </message>
    <message>
        <source>the number is out of the range of a double</source>
        <translation>数字超出双精度浮点数的范围</translation>
    </message>
    <message>
        <source>expected a string, found %1</source>
        <translation>应为字符串，实际为%1</translation>
    </message>
    <message>
        <source>expected an array, found %1</source>
        <translation>应为数组，实际为%1</translation>
    </message>
    <message>
        <source>expected &quot;%1&quot;, found %2</source>
        <translation>应为 &quot;%1&quot;，实际为%2</translation>
    </message>
    <message>
        <source>unsupported version %1; this program reads version %2</source>
        <translation>不支持版本 %1；本程序读取版本 %2</translation>
    </message>
    <message>
        <source>unknown field &quot;%1&quot;</source>
        <translation>未知字段 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>expected true or false, found %1</source>
        <translation>应为 true 或 false，实际为%1</translation>
    </message>
    <message>
        <source>%1 rows, expected %2 (one per token)</source>
        <translation>%1 行，应为 %2 行（每个词元一行）</translation>
    </message>
    <message>
        <source>width %1; rows need 1 to %2 numbers</source>
        <translation>宽度 %1；每行需要 1 到 %2 个数</translation>
    </message>
    <message>
        <source>width %1, expected %2 (the width of %3)</source>
        <translation>宽度 %1，应为 %2（%3 的宽度）</translation>
    </message>
    <message>
        <source>expected an object, found %1</source>
        <translation>应为对象，实际为%1</translation>
    </message>
    <message>
        <source>No scenario file name given.</source>
        <translation>未指定场景文件名。</translation>
    </message>
    <message>
        <source>no such file</source>
        <translation>文件不存在</translation>
    </message>
    <message>
        <source>is a directory, not a scenario file</source>
        <translation>是目录，不是场景文件</translation>
    </message>
    <message>
        <source>is not a regular file</source>
        <translation>不是普通文件</translation>
    </message>
    <message>
        <source>cannot be read: %1</source>
        <translation>无法读取：%1</translation>
    </message>
    <message>
        <source>the scenario is not valid: %1</source>
        <translation>场景无效：%1</translation>
    </message>
    <message>
        <source>cannot be written: %1</source>
        <translation>无法写入：%1</translation>
    </message>
    <message>
        <source>not valid Unicode: an unpaired surrogate</source>
        <translation>不是有效的 Unicode：含有未配对的代理项</translation>
    </message>
    <message>
        <source>the file is empty</source>
        <translation>文件是空的</translation>
    </message>
</context>
<context>
    <name>TrainingError</name>
    <message>
        <source>%1 different characters, more than a model&apos;s %2</source>
        <translation>有 %1 个不同的字符，超过了模型上限 %2</translation>
    </message>
    <message>
        <source>d_model %1 is not a multiple of the %2 heads</source>
        <translation>d_model %1 不是头数 %2 的倍数</translation>
    </message>
    <message>
        <source>The model is outside the limits: context 1–256, d_model 1–512, heads 1–16, layers 1–4.</source>
        <translation>模型超出了范围：上下文 1–256，d_model 1–512，头数 1–16，层数 1–4。</translation>
    </message>
    <message>
        <source>the training settings are out of range: steps, batch and threads must be at least 1, warm-up and learning rate not negative</source>
        <translation>训练设置超出范围：步数、批大小和线程数至少为 1，预热步数和学习率不能为负</translation>
    </message>
    <message>
        <source>the training text has %1 characters, fewer than one window of %2 (context + 1)</source>
        <translation>训练文本只有 %1 个字符，不足一个 %2 字符的窗口（上下文 + 1）</translation>
    </message>
    <message>
        <source>the training text holds a character outside the vocabulary of %1</source>
        <translation>训练文本含有词表（%1 个字符）之外的字符</translation>
    </message>
    <message>
        <source>The best weights could not be saved: %1</source>
        <translation>无法保存最佳权重：%1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <comment>file: what is wrong</comment>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>TrainingSetup</name>
    <message>
        <source>A context of %1 characters cannot hold the repeat task&apos;s longest strings and their repeat (%2 characters): the model sees only part of their repeat.</source>
        <translation>%1 个字的上下文装不下重复任务里最长的字符串和它的重复（%2 个字）：模型只能看到重复的一部分。</translation>
    </message>
</context>
<context>
    <name>VectorPlaneAccessible</name>
    <message>
        <source>Queries and keys on a plane</source>
        <translation>平面上的查询与键</translation>
    </message>
    <message>
        <source>%1 queries and %2 keys as arrows; horizontal axis %3, vertical axis %4.</source>
        <translation>%1 个查询和 %2 个键画成箭头；横轴 %3，纵轴 %4。</translation>
    </message>
    <message>
        <source>%1 queries and %2 keys as arrows along %3.</source>
        <translation>%1 个查询和 %2 个键沿 %3 画成箭头。</translation>
    </message>
    <message>
        <source>Selected query: %1.</source>
        <translation>已选查询：%1。</translation>
    </message>
    <message>
        <source>query, selected</source>
        <translation>查询，已选</translation>
    </message>
    <message>
        <source>query</source>
        <translation>查询</translation>
    </message>
    <message>
        <source>key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>key; weight from %1&apos;s query: %2</source>
        <translation>键；%1 的查询给它的权重：%2</translation>
    </message>
</context>
<context>
    <name>attention::AveragingPage</name>
    <message>
        <source>&amp;Tokens:</source>
        <translation>词元数(&amp;T)：</translation>
    </message>
    <message>
        <source>How many characters of 床前明月光疑是地上霜 to average over</source>
        <translation>对“床前明月光疑是地上霜”的前几个字取平均</translation>
    </message>
    <message>
        <source>New &amp;random inputs</source>
        <translation>换一组随机输入(&amp;R)</translation>
    </message>
    <message>
        <source>Draw other random input vectors x (seeded, so they can be found again)</source>
        <translation>重新随机生成输入向量 x（种子固定，可以再次复现）</translation>
    </message>
    <message>
        <source>row i: 1/i on the first i tokens</source>
        <translation>第 i 行：前 i 个词元各占 1/i</translation>
    </message>
    <message>
        <source>Inputs x</source>
        <translation>输入 x</translation>
    </message>
    <message>
        <source>one random vector per token</source>
        <translation>每个词元一个随机向量</translation>
    </message>
    <message>
        <source>output = weights · x</source>
        <translation>输出 = 权重 · x</translation>
    </message>
    <message>
        <source>Row %1 (%2) gives 1/%1 to each of %3. Their mean input is %4; row %1 of the output is %5. %6</source>
        <translation>第 %1 行（%2）给 %3 各 1/%1。这些输入的平均值是 %4；输出的第 %1 行是 %5。%6</translation>
    </message>
    <message>
        <source>&lt;b style=&quot;color:#1a7f37&quot;&gt;✓ The same (largest difference %1).&lt;/b&gt;</source>
        <translation>&lt;b style=&quot;color:#1a7f37&quot;&gt;✓ 二者相同（最大差异 %1）。&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b style=&quot;color:#c62828&quot;&gt;✗ Different by %1.&lt;/b&gt;</source>
        <translation>&lt;b style=&quot;color:#c62828&quot;&gt;✗ 二者相差 %1。&lt;/b&gt;</translation>
    </message>
</context>
<context>
    <name>attention::CompareView</name>
    <message>
        <source>causal mask on</source>
        <translation>因果掩码：开</translation>
    </message>
    <message>
        <source>causal mask off</source>
        <translation>因果掩码：关</translation>
    </message>
    <message>
        <source>÷ √d on</source>
        <translation>÷ √d：开</translation>
    </message>
    <message>
        <source>÷ √d off</source>
        <translation>÷ √d：关</translation>
    </message>
    <message>
        <source>scale %1×</source>
        <translation>缩放 %1×</translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <source>Compare with:</source>
        <translation>对比：</translation>
    </message>
    <message>
        <source>the causal mask flipped</source>
        <translation>因果掩码取反</translation>
    </message>
    <message>
        <source>dividing by √d flipped</source>
        <translation>除以 √d 取反</translation>
    </message>
    <message>
        <source>the score scale at 1×</source>
        <translation>分数缩放设为 1×</translation>
    </message>
    <message>
        <source>Which switch differs in this second heatmap of the same scenario.</source>
        <translation>这张热力图与主图是同一个场景，只改变了这里选的一个开关。</translation>
    </message>
    <message>
        <source>Compared attention weights</source>
        <translation>对比的注意力权重</translation>
    </message>
</context>
<context>
    <name>attention::ControlsPanel</name>
    <message>
        <source>d = %1, the scenario&apos;s own</source>
        <translation>d = %1，场景自带</translation>
    </message>
    <message>
        <source>d = %1, random</source>
        <translation>d = %1，随机</translation>
    </message>
    <message>
        <source>Score scale</source>
        <translation>分数缩放</translation>
    </message>
    <message>
        <source>Multiply every score by this factor (0.1× to 20×, marks at 1× and 5×): larger makes softmax sharper, smaller makes it flatter.</source>
        <translation>把每个分数乘以这个倍数（0.1× 到 20×，1× 和 5× 处有刻度）：越大，softmax 越集中；越小，越平均。</translation>
    </message>
    <message>
        <source>Drag to scale the scores; the heatmaps and the chart follow.</source>
        <translation>拖动以缩放分数，热力图和柱状图随之更新。</translation>
    </message>
    <message>
        <source>The exact factor every dot product is multiplied by.</source>
        <translation>每个点积所乘的精确倍数。</translation>
    </message>
    <message>
        <source>Divide by √d</source>
        <translation>除以 √d</translation>
    </message>
    <message>
        <source>Divide the scores by the square root of the dimension d, as Transformers do, so that large d does not make softmax collapse.</source>
        <translation>像 Transformer 那样把分数除以维度 d 的平方根，这样 d 很大时 softmax 也不会全部挤到一个键上。</translation>
    </message>
    <message>
        <source>Causal mask</source>
        <translation>因果掩码</translation>
    </message>
    <message>
        <source>Hide later tokens: each query sees only itself and the tokens before it (their scores become −∞).</source>
        <translation>遮住后面的词元：每个查询只能看到自己和前面的词元（其余分数变为 −∞）。</translation>
    </message>
    <message>
        <source>Dimension d</source>
        <translation>维度 d</translation>
    </message>
    <message>
        <source>Replace q and k by seeded random vectors of dimension d (1 to 1024) for the same tokens. Back at the original d, the hand-made vectors return.</source>
        <translation>为同样的词元换上维度为 d（1 到 1024）、种子固定的随机 q 和 k。回到原来的 d，手工设定的向量就会恢复。</translation>
    </message>
    <message>
        <source>Drag d up and compare the weights with and without dividing by √d.</source>
        <translation>把 d 调大，对比除以 √d 与不除时的权重。</translation>
    </message>
    <message>
        <source>The dimension of the queries and keys, and whether they are hand-made or random.</source>
        <translation>查询和键的维度，以及它们是手工设定的还是随机生成的。</translation>
    </message>
    <message>
        <source>Re-roll</source>
        <translation>重新抽取</translation>
    </message>
    <message>
        <source>Draw new random queries and keys of the same dimension.</source>
        <translation>以相同的维度重新随机生成查询和键。</translation>
    </message>
    <message>
        <source>Scale not changed: %1</source>
        <translation>缩放未修改：%1</translation>
    </message>
</context>
<context>
    <name>attention::CostPage</name>
    <message>
        <source>%1 at T = %2: %3 ms</source>
        <translation>%1，T = %2：%3 ms</translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <source>naive</source>
        <translation>naive</translation>
    </message>
    <message>
        <source>materialized</source>
        <translation>materialized</translation>
    </message>
    <message>
        <source>tiled</source>
        <translation>tiled</translation>
    </message>
    <message>
        <source>%1: slope %2</source>
        <translation>%1：斜率 %2</translation>
    </message>
    <message>
        <source>∝ T² (slope 2)</source>
        <translation>∝ T²（斜率 2）</translation>
    </message>
    <message>
        <source>%1 × %1 scores × 4 bytes (float32) = %2 bytes</source>
        <translation>%1 × %1 个分数 × 4 字节（float32）= %2 字节</translation>
    </message>
    <message numerus="yes">
        <source>%1 at T = %2: %3 ms (median of %n run(s)), %4 bytes allocated</source>
        <translation>
            <numerusform>%1，T = %2：%3 ms（%n 次运行的中位数），分配了 %4 字节</numerusform>
        </translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>Not selected for this run.</source>
        <translation>本次计时没有选它。</translation>
    </message>
    <message>
        <source>not timed</source>
        <translation>未计时</translation>
    </message>
    <message>
        <source>%1 is timed up to T = %2 only.</source>
        <translation>%1 只计时到 T = %2。</translation>
    </message>
    <message>
        <source>…</source>
        <translation>…</translation>
    </message>
    <message>
        <source>Time of one attention pass</source>
        <translation>一次注意力计算的耗时</translation>
    </message>
    <message numerus="yes">
        <source>Time of one attention pass (d = %1, %2, %n thread(s))</source>
        <translation>
            <numerusform>一次注意力计算的耗时（d = %1，%2，%n 个线程）</numerusform>
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
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>Choose the lengths and kernels, then press Run. Each point is the median time of one attention pass on this computer.</source>
        <translation>选好长度和内核，然后按“运行”。每个点是本机上一次注意力计算耗时的中位数。</translation>
    </message>
    <message>
        <source>Timing…</source>
        <translation>正在计时…</translation>
    </message>
    <message>
        <source>Timing… %1 at T = %2 took %3 ms.</source>
        <translation>正在计时… %1 在 T = %2 时耗时 %3 ms。</translation>
    </message>
    <message numerus="yes">
        <source>Cancelled after %n point(s).</source>
        <translation>
            <numerusform>已取消，测得 %n 个点。</numerusform>
        </translation>
    </message>
    <message>
        <source>Fitted slopes: %1. A slope of 2 means doubling T multiplies the time by 4.</source>
        <translation>拟合斜率：%1。斜率为 2 表示 T 翻一倍，耗时变为 4 倍。</translation>
    </message>
    <message>
        <source>T (sequence length)</source>
        <translation>T（序列长度）</translation>
    </message>
    <message>
        <source>time (ms)</source>
        <translation>耗时（ms）</translation>
    </message>
    <message>
        <source>Both axes are logarithmic: time ∝ T^k is a straight line of slope k. Hover a point for its value.</source>
        <translation>两条坐标轴都是对数刻度：耗时 ∝ T^k 是一条斜率为 k 的直线。鼠标停在点上可查看数值。</translation>
    </message>
    <message>
        <source>Memory: what a T×T score table takes in float32, against what each kernel allocated beyond q, k, v and the output</source>
        <translation>内存：float32 的 T×T 分数表所占空间，对比各内核在 q、k、v 和输出之外额外分配的内存</translation>
    </message>
    <message>
        <source>T</source>
        <translation>T</translation>
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
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>Time of one attention pass in milliseconds (the median of the timed runs): compare the kernels at each T, and how each grows as T doubles</source>
        <translation>一次注意力计算的耗时，单位毫秒（多次计时的中位数）：比较同一 T 下的各个内核，以及 T 翻倍时各自如何增长</translation>
    </message>
</context>
<context>
    <name>attention::CostSettings</name>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <source>Timing run</source>
        <translation>计时设置</translation>
    </message>
    <message>
        <source>&amp;Largest T:</source>
        <translation>最大 T(&amp;L)：</translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation>%1 到 %2</translation>
    </message>
    <message>
        <source>T is timed at %1, twice that, four times that… up to the value chosen here.</source>
        <translation>T 从 %1 开始逐次翻倍（两倍、四倍……），直到这里选定的值，每个 T 都计时。</translation>
    </message>
    <message>
        <source>Kernels:</source>
        <translation>内核：</translation>
    </message>
    <message>
        <source>&amp;naive (plain loops)</source>
        <translation>naive（普通循环）(&amp;N)</translation>
    </message>
    <message>
        <source>One row of scores at a time, in plain loops. Timed up to T = %1 only: it is slow, and a single run cannot be interrupted by Cancel.</source>
        <translation>用普通循环，一次算一行分数。只计时到 T = %1：它很慢，而且单次运行无法用“取消”打断。</translation>
    </message>
    <message>
        <source>&amp;materialized (T×T table)</source>
        <translation>materialized（T×T 表）(&amp;M)</translation>
    </message>
    <message>
        <source>Builds the whole T×T score table with matrix products. Timed up to T = %1 only: its table takes %2 there and %3 at T = %4.</source>
        <translation>用矩阵乘法构造整张 T×T 分数表。只计时到 T = %1：这时表占 %2，到 T = %4 时要占 %3。</translation>
    </message>
    <message>
        <source>&amp;tiled (no table)</source>
        <translation>tiled（不存表）(&amp;T)</translation>
    </message>
    <message>
        <source>Blocks of queries against blocks of keys with a running softmax, so the T×T table is never stored. Timed at every T up to %1.</source>
        <translation>查询块逐一与键块计算，softmax 边算边更新，因此从不存下 T×T 表。直到 %1 的每个 T 都计时。</translation>
    </message>
    <message>
        <source>&amp;d (width of q, k, v):</source>
        <translation>d（q、k、v 的宽度）(&amp;D)：</translation>
    </message>
    <message>
        <source>The time grows in proportion to d as well.</source>
        <translation>耗时也与 d 成正比。</translation>
    </message>
    <message>
        <source>&amp;Causal mask</source>
        <translation>因果掩码(&amp;C)</translation>
    </message>
    <message>
        <source>Each query sees only the keys before it: about half the work, still growing like T².</source>
        <translation>每个查询只看它之前的键：工作量约减半，但仍按 T² 增长。</translation>
    </message>
    <message>
        <source>T&amp;hreads:</source>
        <translation>线程数(&amp;H)：</translation>
    </message>
    <message>
        <source>all cores (%1)</source>
        <translation>全部核心（%1）</translation>
    </message>
    <message>
        <source>How many cores the kernels use. One core gives the steadiest times; more cores are faster but wait for each other.</source>
        <translation>内核使用的核心数。单核的计时最稳定；多核更快，但核心之间要互相等待。</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <source>Time every chosen kernel at every T; the points appear as they are measured.</source>
        <translation>在每个 T 上给选中的每个内核计时；每测完一个点就立即画出。</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Stop timing; the points measured so far stay.</source>
        <translation>停止计时；已测得的点会保留。</translation>
    </message>
    <message>
        <source>Progress of the timing run, weighted by T².</source>
        <translation>计时进度，按 T² 加权。</translation>
    </message>
</context>
<context>
    <name>attention::CrashRecovery</name>
    <message>
        <source>Cannot Restore Scenario</source>
        <translation>无法恢复场景</translation>
    </message>
    <message>
        <source>Restore Unsaved Scenario</source>
        <translation>恢复未保存的场景</translation>
    </message>
    <message>
        <source>Attention Lab did not close properly last time. Restore the unsaved scenario from %1?</source>
        <translation>Attention Lab 上次没有正常关闭。要恢复 %1 时未保存的场景吗？</translation>
    </message>
    <message>
        <source>It was an edit of %1.</source>
        <translation>这是对 %1 的修改。</translation>
    </message>
    <message>
        <source>&amp;Restore</source>
        <translation>恢复(&amp;R)</translation>
    </message>
</context>
<context>
    <name>attention::FileActions</name>
    <message>
        <source>&amp;New</source>
        <translation>新建(&amp;N)</translation>
    </message>
    <message>
        <source>Start again from the lesson&apos;s scenario</source>
        <translation>从课程的场景重新开始</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>Open a scenario file (JSON)</source>
        <translation>打开场景文件（JSON）</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save the scenario to its file</source>
        <translation>把场景保存到它的文件</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>Save the scenario to a new file</source>
        <translation>把场景保存为新文件</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>导出(&amp;E)</translation>
    </message>
    <message>
        <source>Scores Heatmap as &amp;PNG…</source>
        <translation>分数热力图（PNG）(&amp;P)…</translation>
    </message>
    <message>
        <source>&amp;Weights Heatmap as PNG…</source>
        <translation>权重热力图（PNG）(&amp;W)…</translation>
    </message>
    <message>
        <source>Scores Heatmap as &amp;SVG…</source>
        <translation>分数热力图（SVG）(&amp;S)…</translation>
    </message>
    <message>
        <source>Weights Heatmap as S&amp;VG…</source>
        <translation>权重热力图（SVG）(&amp;V)…</translation>
    </message>
    <message>
        <source>Save the heatmap as a PNG image at twice the screen resolution</source>
        <translation>把热力图保存为两倍屏幕分辨率的 PNG 图片</translation>
    </message>
    <message>
        <source>Save the heatmap as an SVG drawing for slides</source>
        <translation>把热力图保存为 SVG 矢量图，方便放进幻灯片</translation>
    </message>
    <message>
        <source>Scores as &amp;CSV…</source>
        <translation>分数（CSV）(&amp;C)…</translation>
    </message>
    <message>
        <source>We&amp;ights as CSV…</source>
        <translation>权重（CSV）(&amp;I)…</translation>
    </message>
    <message>
        <source>&amp;Output as CSV…</source>
        <translation>输出（CSV）(&amp;O)…</translation>
    </message>
    <message>
        <source>Save the numbers as a table, one row per token</source>
        <translation>把数字保存为表格，每个词元一行</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>Close Attention Lab</source>
        <translation>关闭注意力实验室</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>已打开 %1</translation>
    </message>
    <message>
        <source>Cannot Open Scenario</source>
        <translation>无法打开场景</translation>
    </message>
    <message>
        <source>Cannot Save Scenario</source>
        <translation>无法保存场景</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>%1 is a folder, not a file; nothing was written.</source>
        <translation>%1 是文件夹，不是文件；没有写入任何内容。</translation>
    </message>
    <message>
        <source>%1 is read-only; it was left as it was.</source>
        <translation>%1 是只读文件；它保持原样。</translation>
    </message>
    <message>
        <source>The scenario would not read back the same from a file (%1), so %2 was not written.</source>
        <translation>场景写入文件后无法原样读回（%1），因此没有写入 %2。</translation>
    </message>
    <message>
        <source>different values</source>
        <translation>数值不同</translation>
    </message>
    <message>
        <source>%1 was written but does not read back the same scenario (%2); keep the window open and save again elsewhere.</source>
        <translation>%1 已写入，但读回的场景不一致（%2）；请不要关闭窗口，另存到其他位置。</translation>
    </message>
    <message>
        <source>Cannot Export</source>
        <translation>无法导出</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>已导出 %1</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Open Scenario</source>
        <translation>打开场景</translation>
    </message>
    <message>
        <source>Scenario files (*.json);;All files (*)</source>
        <translation>场景文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Save Scenario</source>
        <translation>保存场景</translation>
    </message>
    <message>
        <source>Scenario files (*.json)</source>
        <translation>场景文件 (*.json)</translation>
    </message>
    <message>
        <source>Export Heatmap</source>
        <translation>导出热力图</translation>
    </message>
    <message>
        <source>SVG drawing (*.svg)</source>
        <translation>SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG 图片 (*.png)</translation>
    </message>
    <message>
        <source>Export Table</source>
        <translation>导出表格</translation>
    </message>
    <message>
        <source>CSV table (*.csv)</source>
        <translation>CSV 表格 (*.csv)</translation>
    </message>
    <message>
        <source>Unsaved Changes</source>
        <translation>未保存的修改</translation>
    </message>
    <message>
        <source>The scenario has changes that are not saved. Save them first?</source>
        <translation>场景有尚未保存的修改。要先保存吗？</translation>
    </message>
</context>
<context>
    <name>attention::HeadGrid</name>
    <message>
        <source>layer %1, head %2</source>
        <translation>第 %1 层，第 %2 个头</translation>
    </message>
    <message>
        <source>Type a probe line to see the heads&apos; weights on it.</source>
        <translation>输入一行探测文本，即可看到各个头在它上面的权重。</translation>
    </message>
    <message>
        <source>%1: %2 cannot see %3, which comes after it (causal mask)</source>
        <translation>%1：%2 看不到在它之后的 %3（因果掩码）</translation>
    </message>
    <message>
        <source>%1: %2 (position %3) gives %4 (position %5) the weight %6</source>
        <translation>%1：%2（位置 %3）给 %4（位置 %5）的权重为 %6</translation>
    </message>
    <message>
        <source>L%1 H%2</source>
        <comment>layer and head, where there is no room for the words</comment>
        <translation>层%1 头%2</translation>
    </message>
    <message>
        <source>%1 (it reads %2)</source>
        <translation>%1（它读取%2）</translation>
    </message>
</context>
<context>
    <name>attention::HeadPage</name>
    <message>
        <source>d_model</source>
        <translation>d_model</translation>
    </message>
    <message>
        <source>Width of each input vector x (1 to %1)</source>
        <translation>每个输入向量 x 的宽度（1 到 %1）</translation>
    </message>
    <message>
        <source>d_head</source>
        <translation>d_head</translation>
    </message>
    <message>
        <source>Width of q, k and v (1 to %1)</source>
        <translation>q、k、v 的宽度（1 到 %1）</translation>
    </message>
    <message>
        <source>T</source>
        <translation>T</translation>
    </message>
    <message>
        <source>Number of positions in the sequence (1 to %1)</source>
        <translation>序列中的位置数（1 到 %1）</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>种子</translation>
    </message>
    <message>
        <source>The same seed always draws the same X and W (seed %1, T %2, d_model %3, d_head %4 are the numbers of attention-cli lesson --section 5)</source>
        <translation>同一个种子总是抽出相同的 X 和 W（种子 %1、T %2、d_model %3、d_head %4 就是 attention-cli lesson --section 5 所用的数值）</translation>
    </message>
    <message>
        <source>Re-roll</source>
        <translation>重新抽取</translation>
    </message>
    <message>
        <source>Draw a new seed: new inputs and new weight matrices</source>
        <translation>换一个种子：新的输入和新的权重矩阵</translation>
    </message>
    <message>
        <source>Causal mask</source>
        <translation>因果掩码</translation>
    </message>
    <message>
        <source>Each position sees only itself and the positions before it</source>
        <translation>每个位置只能看到自己和前面的位置</translation>
    </message>
    <message>
        <source>Precision of the check</source>
        <translation>校验精度</translation>
    </message>
    <message>
        <source>double</source>
        <translation>双精度</translation>
    </message>
    <message>
        <source>float32, like PyTorch</source>
        <translation>float32（同 PyTorch）</translation>
    </message>
    <message>
        <source>Precision of the output compared with the reference; the reference and the heatmaps are always double</source>
        <translation>与参考实现比较时输出所用的精度；参考实现和热力图始终是双精度</translation>
    </message>
    <message>
        <source>The largest absolute difference between this head&apos;s output and an independent reference written with plain loops and the semantics of PyTorch&apos;s scaled_dot_product_attention (scale 1/√d_head, is_causal as the mask switch)</source>
        <translation>这个注意力头的输出与独立参考实现之间的最大绝对差异；参考实现用普通循环写成，语义与 PyTorch 的 scaled_dot_product_attention 相同（缩放 1/√d_head，is_causal 对应掩码开关）</translation>
    </message>
    <message>
        <source>input: N(0, 1) entries, seed %1</source>
        <translation>输入：元素服从 N(0, 1)，种子 %1</translation>
    </message>
    <message>
        <source>N(0, 1) ÷ √%1</source>
        <translation>N(0, 1) ÷ √%1</translation>
    </message>
    <message>
        <source>weights %1</source>
        <translation>权重 %1</translation>
    </message>
    <message>
        <source>softmax(q kᵀ ÷ √%1), causal mask</source>
        <translation>softmax(q kᵀ ÷ √%1)，因果掩码</translation>
    </message>
    <message>
        <source>softmax(q kᵀ ÷ √%1), no mask</source>
        <translation>softmax(q kᵀ ÷ √%1)，无掩码</translation>
    </message>
    <message>
        <source>output %1</source>
        <translation>输出 %1</translation>
    </message>
    <message>
        <source>output = weights · v</source>
        <translation>输出 = 权重 · v</translation>
    </message>
    <message>
        <source>float32</source>
        <translation>float32</translation>
    </message>
    <message>
        <source>✓ within %1</source>
        <translation>✓ 在 %1 以内</translation>
    </message>
    <message>
        <source>✗ above %1</source>
        <translation>✗ 超过 %1</translation>
    </message>
    <message>
        <source>output (%1) vs. reference (is_causal=%2): largest difference %3 %4</source>
        <translation>输出（%1）与参考实现（is_causal=%2）的最大差异：%3 %4</translation>
    </message>
    <message>
        <source>X %1 → q, k, v each %2 → weights %3 → output %4</source>
        <translation>X %1 → q、k、v 各为 %2 → 权重 %3 → 输出 %4</translation>
    </message>
    <message>
        <source>X[%1, %2] = %3
position %1, feature %2: drawn from N(0, 1) with seed %4</source>
        <translation>X[%1, %2] = %3
位置 %1，特征 %2：用种子 %4 从 N(0, 1) 中抽取</translation>
    </message>
    <message>
        <source>%1[%2, %3] = %4
drawn from N(0, 1), divided by √%5; learned in training</source>
        <translation>%1[%2, %3] = %4
从 N(0, 1) 中抽取，再除以 √%5；实际模型中由训练学得</translation>
    </message>
    <message>
        <source>Row %1: what input feature %1 adds to each column</source>
        <translation>第 %1 行：输入的特征 %1 给每一列贡献多少</translation>
    </message>
    <message>
        <source>Position %1</source>
        <translation>位置 %1</translation>
    </message>
</context>
<context>
    <name>attention::HeadPanel</name>
    <message>
        <source>No head to describe yet.</source>
        <translation>还没有可以描述的头。</translation>
    </message>
    <message>
        <source>Layer %1, head %2: mean weight by how far back the key is, over the validation text</source>
        <translation>第 %1 层，第 %2 个头：在验证文本上，按键往前的距离统计的平均权重</translation>
    </message>
    <message>
        <source>Select a head in the grid.</source>
        <translation>请在网格中选中一个头。</translation>
    </message>
    <message>
        <source>Open this head in the workbench</source>
        <translation>在工作台中打开这个头</translation>
    </message>
    <message>
        <source>Its queries, keys and values on the probe line become a scenario you can edit, scale, mask and compare.</source>
        <translation>它在探测文本上的查询、键和值会成为一个场景，可以编辑、缩放、加掩码和对比。</translation>
    </message>
    <message>
        <source>Layer %1, head %2: mean weight by how far back the key is, over the probe line</source>
        <translation>第 %1 层，第 %2 个头：在探测文本上，按键往前的距离统计的平均权重</translation>
    </message>
    <message>
        <source>The grid shows an earlier step: move the history slider to the end to open the current model&apos;s head.</source>
        <translation>网格显示的是较早的一步：把历史滑块拖到最右端，才能打开当前模型的这个头。</translation>
    </message>
    <message>
        <source>The text has too few “，” to judge a head: train on 唐诗三百首.</source>
        <translation>这段文本里的“，”太少，无法判断：请用唐诗三百首训练。</translation>
    </message>
    <message>
        <source>✘ Not this one. Try another head.</source>
        <translation>✘ 不是这个。换一个头试试。</translation>
    </message>
    <message>
        <source>Mean weight by offset of the key</source>
        <translation>按键的偏移统计的平均权重</translation>
    </message>
    <message>
        <source>The grid shows an earlier step. This chart, the role and the next characters describe the latest model (step %1), and only its heads open in the workbench: move the history slider to the end.</source>
        <translation>网格显示的是较早的一步。这张图、上面写的作用和下一个字符的预测描述的都是最新的模型（第 %1 步），也只有它的头能在工作台中打开：请把历史滑块移到最右端。</translation>
    </message>
    <message>
        <source>the previous character</source>
        <translation>上一个字</translation>
    </message>
    <message>
        <source>the last comma “，”</source>
        <translation>最近的逗号“，”</translation>
    </message>
    <message>
        <source>the first character of its line</source>
        <translation>本句的第一个字</translation>
    </message>
    <message>
        <source>the same place in the line above</source>
        <translation>上一句同一位置的字</translation>
    </message>
    <message>
        <source>the rhyme of the couplet before</source>
        <translation>上一联的韵脚</translation>
    </message>
    <message>
        <source>%1 of its weight there, %2× a uniform head&apos;s %3</source>
        <translation>在那里放了 %1 的权重，是均匀头（%3）的 %2×</translation>
    </message>
    <message>
        <source>Switch this head off</source>
        <translation>关掉这个头</translation>
    </message>
    <message>
        <source>the character after the earlier copy of this one</source>
        <translation>这个字前一次出现时后面的那个字</translation>
    </message>
    <message>
        <source>the character itself</source>
        <translation>这个字本身</translation>
    </message>
    <message numerus="yes">
        <source>the character %n places back</source>
        <translation>
            <numerusform>往前数第 %n 个字</numerusform>
        </translation>
    </message>
    <message>
        <source>the first character it can see</source>
        <translation>它能看到的第一个字</translation>
    </message>
    <message>
        <source>This head reads &lt;b&gt;%1&lt;/b&gt;: %2.</source>
        <translation>这个头读&lt;b&gt;%1&lt;/b&gt;：%2。</translation>
    </message>
    <message>
        <source>This head spreads its weight &lt;b&gt;broadly&lt;/b&gt;, like the averaging of step 1: no role gets %1× a uniform head&apos;s weight.</source>
        <translation>这个头把权重&lt;b&gt;分散&lt;/b&gt;开，像第 1 步的取平均：没有哪个角色得到均匀头 %1× 的权重。</translation>
    </message>
    <message>
        <source>This head plays &lt;b&gt;no clear role&lt;/b&gt;: none reaches %1× a uniform head&apos;s weight. The closest is %2: %3.</source>
        <translation>这个头&lt;b&gt;没有明确的角色&lt;/b&gt;：没有哪个角色达到均匀头权重的 %1×。最接近的是%2：%3。</translation>
    </message>
    <message>
        <source>On the last comma: %1.</source>
        <translation>在最近的逗号上：%1。</translation>
    </message>
    <message>
        <source>✔ Found: this head&apos;s role is the last comma.</source>
        <translation>✔ 找到了：这个头的角色是最近的逗号。</translation>
    </message>
    <message>
        <source>✘ Not this one: it reads the last comma too, but its role above is stronger. Try another head.</source>
        <translation>✘ 不是这个：它也读最近的逗号，但上面写的角色更强。换一个头试试。</translation>
    </message>
    <message>
        <source>✘ This model has one layer. An induction head reads what a head of an earlier layer wrote, so it needs two: train the repeat task with two layers.</source>
        <translation>✘ 这个模型只有一层。归纳头读的是前一层的头写下的东西，所以需要两层：用两层训练重复任务。</translation>
    </message>
    <message>
        <source>No character repeats in this text: train the repeat task.</source>
        <translation>这段文本里没有重复的字：请训练重复任务。</translation>
    </message>
    <message>
        <source>✘ No induction head yet: the strongest of layer 2 and up, %1, puts %2× a uniform head&apos;s weight on the character after the earlier copy (%3× needed). Train the repeat task until its loss falls.</source>
        <translation>✘ 还没有归纳头：第 2 层及以后最强的头 %1 放在前一份后面那个字上的权重是均匀头的 %2×（需要 %3×）。继续训练重复任务，直到损失下降。</translation>
    </message>
    <message>
        <source>On %1: %2.</source>
        <translation>在%1上：%2。</translation>
    </message>
    <message>
        <source>✘ Not this one: another head of layer 2 or up reads the earlier copy more. Try another head.</source>
        <translation>✘ 不是这个：第 2 层及以后有另一个头更多地读前一份。换一个头试试。</translation>
    </message>
    <message>
        <source>✔ Step 1 of 2: of the heads of layer 2 and up, this one reads the earlier copy most.</source>
        <translation>✔ 第 1 步（共 2 步）：在第 2 层及以后的头里，这个头最多地读前一份。</translation>
    </message>
    <message>
        <source>Now find the head it needs: switch the heads of layer %1 off one at a time.</source>
        <translation>现在找出它依赖的头：把第 %1 层的头一个一个地关掉。</translation>
    </message>
    <message>
        <source>✘ Switch off one head at a time: with %1 off, head %2 reads the earlier copy at %3× (%4× with every head on).</source>
        <translation>✘ 一次只关一个头：关掉 %1 时，头 %2 读前一份的比值是 %3×（所有头都开时为 %4×）。</translation>
    </message>
    <message>
        <source>✔ Circuit found: with head %1 off, head %2&apos;s weight on the character after the earlier copy falls from %3× to %4× a uniform head&apos;s, below %5×. Head %2 finds the earlier copy through what head %1 writes.</source>
        <translation>✔ 找到回路了：关掉头 %1 后，头 %2 放在前一份后面那个字上的权重从均匀头的 %3× 降到 %4×，低于 %5×。头 %2 是借助头 %1 写下的东西找到前一份的。</translation>
    </message>
    <message>
        <source>✘ Not this one: with head %1 off, head %2 still reads the earlier copy at %3× (%4× with every head on). Switch it on again and try another.</source>
        <translation>✘ 不是这个：关掉头 %1 后，头 %2 读前一份的比值仍是 %3×（所有头都开时为 %4×）。把它重新打开，换一个试试。</translation>
    </message>
    <message>
        <source>Its output is set to zero before the output projection: the heads after it, the grid, the losses and the next characters show the model without it.</source>
        <translation>它的输出在输出投影之前置为零：它后面的头、网格、损失和下一个字显示的都是没有它的模型。</translation>
    </message>
</context>
<context>
    <name>attention::HeadWorthPanel</name>
    <message>
        <source>Measured once the model has a validation text to read.</source>
        <translation>模型有验证文本可读时才会测量。</translation>
    </message>
    <message>
        <source>Validation loss with every head on: %1. Switch heads off in the selected head&apos;s tab to see what the model does without them.</source>
        <translation>所有头都开着时的验证损失：%1。在“选中的头”标签页里关掉一些头，看看没有它们时模型会怎样。</translation>
    </message>
    <message>
        <source>How much the validation loss rises when one head alone is switched off.</source>
        <translation>只关掉一个头时验证损失上升多少。</translation>
    </message>
    <message>
        <source>Validation loss increase by head switched off</source>
        <translation>关掉各个头时验证损失的上升</translation>
    </message>
    <message>
        <source>With %1 switched off the validation loss is %2, against %3 with every head on (%4).</source>
        <translation>关掉 %1 后验证损失为 %2，所有头都开着时为 %3（%4）。</translation>
    </message>
    <message>
        <source>How much the validation loss rises when one head alone is switched off (its output set to zero), over the first %1 characters of the validation text with the weights of step %2: the taller the bar, the more the model needs that head.</source>
        <translation>单独关掉一个头（把它的输出置零）时，验证损失上升多少：在验证文本的前 %1 个字符上，用第 %2 步的权重计算。柱子越高，模型越离不开这个头。</translation>
    </message>
    <message>
        <source>The grid shows an earlier step. These figures are the latest weights&apos; (step %1): a step of the history keeps each head&apos;s pattern, not the weights a head is switched off in.</source>
        <translation>网格显示的是较早的一步。这些数字来自最新的权重（第 %1 步）：历史中的每一步只保存每个头的注意力模式，没有保存可以在其中关掉一个头的权重。</translation>
    </message>
</context>
<context>
    <name>attention::HeadsColumn</name>
    <message>
        <source>The model does not know %1: it reads each as one “rare” character.</source>
        <translation>模型不认识 %1：它把每一个都当作同一个“生僻字”来读。</translation>
    </message>
    <message>
        <source>Probe line</source>
        <translation>探测文本</translation>
    </message>
    <message>
        <source>The heads&apos; weights are shown on this line (at most the context&apos;s length). Editing it restarts the history at the current step.</source>
        <translation>各个头的权重显示在这行文本上（长度不超过上下文）。修改它，历史记录会从当前步重新开始。</translation>
    </message>
</context>
<context>
    <name>attention::HeatmapWidget</name>
    <message>
        <source>Save Heatmap Image</source>
        <translation>保存热力图图片</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation>PNG 图片 (*.png);;SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
        <source>Copy Image</source>
        <translation>复制图片</translation>
    </message>
    <message>
        <source>Save Image As…</source>
        <translation>图片另存为…</translation>
    </message>
    <message>
        <source>Fixed 0–1 Colour Scale</source>
        <translation>固定 0–1 色标</translation>
    </message>
    <message>
        <source>Colour the weights on a fixed 0 to 1 scale, so heatmaps stay comparable</source>
        <translation>权重始终按 0 到 1 着色，便于比较不同的热力图</translation>
    </message>
    <message>
        <source>Hover a cell to see how it is computed; click a row to choose that query.</source>
        <translation>鼠标停在格子上可查看计算过程；点击一行可选中该查询。</translation>
    </message>
    <message>
        <source>masked</source>
        <translation>已遮住</translation>
    </message>
    <message>
        <source>Scores</source>
        <translation>分数</translation>
    </message>
    <message>
        <source>Attention weights</source>
        <translation>注意力权重</translation>
    </message>
    <message>
        <source>Values v</source>
        <translation>值 v</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>scores = %1 × q·k ÷ √%2</source>
        <translation>分数 = %1 × q·k ÷ √%2</translation>
    </message>
    <message>
        <source>scores = %1 × q·k</source>
        <translation>分数 = %1 × q·k</translation>
    </message>
    <message>
        <source>; −∞ above the diagonal (causal mask)</source>
        <translation>；对角线以上为 −∞（因果掩码）</translation>
    </message>
    <message>
        <source>softmax of each score row; colours 0 to 1</source>
        <translation>对每行分数做 softmax；颜色范围 0 到 1</translation>
    </message>
    <message>
        <source>softmax of each score row; colours from the smallest to the largest weight</source>
        <translation>对每行分数做 softmax；颜色从最小权重到最大权重</translation>
    </message>
    <message>
        <source>one row per token</source>
        <translation>每个词元一行</translation>
    </message>
    <message>
        <source>output = weights · v</source>
        <translation>输出 = 权重 · v</translation>
    </message>
    <message>
        <source>Query %1 → key %2</source>
        <translation>查询 %1 → 键 %2</translation>
    </message>
    <message>
        <source>Masked: %1 comes after %2, and the causal mask hides later tokens.</source>
        <translation>已遮住：%1 在 %2 之后，因果掩码会遮住后面的词元。</translation>
    </message>
    <message>
        <source>score = −∞, so weight = e^−∞ / Σ = 0</source>
        <translation>分数 = −∞，所以权重 = e^−∞ / Σ = 0</translation>
    </message>
    <message>
        <source>× scale %1 ÷ √%2 = %3</source>
        <translation>× 缩放 %1 ÷ √%2 = %3</translation>
    </message>
    <message>
        <source>× scale %1 = %2</source>
        <translation>× 缩放 %1 = %2</translation>
    </message>
    <message>
        <source>weight = e^%1 / Σ e^score = %2 / %3 = %4</source>
        <translation>权重 = e^%1 / Σ e^分数 = %2 / %3 = %4</translation>
    </message>
    <message>
        <source>weight = e^%1 / Σ e^score = %2</source>
        <translation>权重 = e^%1 / Σ e^分数 = %2</translation>
    </message>
    <message>
        <source>Value of %1, component %2</source>
        <translation>%1 的值，分量 %2</translation>
    </message>
    <message>
        <source>Output of %1, component %2</source>
        <translation>%1 的输出，分量 %2</translation>
    </message>
    <message>
        <source>Could not write the image %1.</source>
        <translation>无法写入图片 %1。</translation>
    </message>
    <message>
        <source>Could not write the drawing %1.</source>
        <translation>无法写入矢量图 %1。</translation>
    </message>
    <message>
        <source>Token %1</source>
        <translation>词元 %1</translation>
    </message>
    <message>
        <source>Click to choose this query.</source>
        <translation>点击选中这个查询。</translation>
    </message>
    <message>
        <source>one-hot rows</source>
        <translation>每行是独热向量</translation>
    </message>
    <message>
        <source>softmax of each score row; colour: the weight ÷ its row&apos;s uniform 1/n, log scale</source>
        <translation>对每行分数做 softmax；颜色：权重 ÷ 该行的均匀权重 1/n，对数刻度</translation>
    </message>
    <message>
        <source>1/%1×</source>
        <translation>1/%1×</translation>
    </message>
    <message>
        <source>%1×</source>
        <translation>%1×</translation>
    </message>
</context>
<context>
    <name>attention::HistoryView</name>
    <message>
        <source>step –</source>
        <translation>第 – 步</translation>
    </message>
    <message>
        <source>The history starts at step %1: the steps before it were recorded with another probe line.</source>
        <translation>历史从第 %1 步开始：之前的各步记录的是另一行探测文本。</translation>
    </message>
    <message>
        <source>step %1</source>
        <translation>第 %1 步</translation>
    </message>
    <message>
        <source>Replays the heads as they were during training.</source>
        <translation>重放各个头在训练过程中的样子。</translation>
    </message>
    <message>
        <source>step %1, switched off: %2</source>
        <translation>第 %1 步，已关掉：%2</translation>
    </message>
</context>
<context>
    <name>attention::KnockoutTable</name>
    <message>
        <source>Next layer&apos;s
head %1</source>
        <translation>下一层
第 %1 个头</translation>
    </message>
    <message>
        <source>none off</source>
        <translation>都开着</translation>
    </message>
    <message>
        <source>%1 off</source>
        <translation>关掉 %1</translation>
    </message>
    <message>
        <source>One layer: no head reads what an earlier head wrote, so there is no induction circuit to knock out.</source>
        <translation>只有一层：没有头能读到更早的头写下的内容，所以没有可以敲除的归纳回路。</translation>
    </message>
    <message>
        <source>No head of layer 2 and up plays the induction role yet (the most on the character after the earlier copy, %1, %2; a role from %3).</source>
        <translation>第 2 层及以后还没有头扮演归纳角色（最看重前一次出现之后那个字的是 %1，%2；达到 %3 才算一个角色）。</translation>
    </message>
    <message>
        <source>Head %1 is the induction head (%2). With head %3 off it falls to %4: it reads what %3 writes, the two heads form the circuit.</source>
        <translation>第 %1 个头是归纳头（%2）。关掉 %3 后它降到 %4：它读的是 %3 写下的内容，这两个头组成了回路。</translation>
    </message>
    <message>
        <source>Head %1 is the induction head (%2). No single head of the layer before takes it below %3: with head %4 off, the most, it is still %5.</source>
        <translation>第 %1 个头是归纳头（%2）。前一层没有哪个头单独关掉能让它降到 %3 以下：关掉 %4 时降得最多，仍有 %5。</translation>
    </message>
    <message>
        <source>Knock-out matrix</source>
        <translation>敲除矩阵</translation>
    </message>
    <message>
        <source>Loss</source>
        <translation>损失</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>分数</translation>
    </message>
    <message>
        <source>Each row switches one head off alone. Loss: how much the validation loss rises. Score: how the in-context learning score moves (up: the later positions lose what they read earlier in the text; the first row gives the score itself). The next layer&apos;s columns: each of its heads&apos; induction ratio without this head; red where it fell below half.</source>
        <translation>每一行单独关掉一个头。损失：验证损失上升多少。分数：上下文学习分数怎样变化（上升：靠后的位置失去了从前文读到的东西；第一行是分数本身）。下一层的各列：没有这个头时下一层每个头的归纳比值；降到一半以下的标成红色。</translation>
    </message>
</context>
<context>
    <name>attention::LessonPage</name>
    <message>
        <source>Start the step over</source>
        <translation>本步重来</translation>
    </message>
</context>
<context>
    <name>attention::LessonView</name>
    <message>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
    <message>
        <source>✓ %1</source>
        <translation>✓ %1</translation>
    </message>
    <message>
        <source>◀ &amp;Back</source>
        <translation>◀ 上一步(&amp;B)</translation>
    </message>
    <message>
        <source>The previous step (Alt+Left)</source>
        <translation>上一步（Alt+←）</translation>
    </message>
    <message>
        <source>&amp;Next ▶</source>
        <translation>下一步(&amp;N) ▶</translation>
    </message>
    <message>
        <source>The next step (Alt+Right)</source>
        <translation>下一步（Alt+→）</translation>
    </message>
    <message>
        <source>Start the step &amp;over</source>
        <translation>本步重来(&amp;O)</translation>
    </message>
    <message>
        <source>Put this step&apos;s views back as they were at first</source>
        <translation>把本步的各个视图恢复成最初的样子</translation>
    </message>
    <message>
        <source>The steps of the lesson; each one is live: change anything</source>
        <translation>课程的各个步骤；每一步都是活的，什么都可以改</translation>
    </message>
    <message>
        <source>Set the lesson&apos;s exercise up on this page</source>
        <translation>在本页布置好课程中的练习</translation>
    </message>
    <message>
        <source>Step %1 of %2: %3</source>
        <translation>第 %1 步（共 %2 步）：%3</translation>
    </message>
</context>
<context>
    <name>attention::LossChart</name>
    <message>
        <source>training loss</source>
        <translation>训练损失</translation>
    </message>
    <message>
        <source>validation loss</source>
        <translation>验证损失</translation>
    </message>
    <message>
        <source>best validation loss</source>
        <translation>最低验证损失</translation>
    </message>
    <message>
        <source>step %1: %2 %3</source>
        <translation>第 %1 步：%2 %3</translation>
    </message>
    <message>
        <source>training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>validation</source>
        <translation>验证</translation>
    </message>
    <message>
        <source>unigram</source>
        <translation>一元模型基线</translation>
    </message>
    <message>
        <source>best validation</source>
        <translation>最低验证损失</translation>
    </message>
    <message>
        <source>training step</source>
        <translation>训练步数</translation>
    </message>
    <message>
        <source>loss (nats per character)</source>
        <translation>损失（奈特/字符）</translation>
    </message>
    <message>
        <source>loss (nats)</source>
        <translation>损失（奈特）</translation>
    </message>
    <message>
        <source>loss</source>
        <translation>损失</translation>
    </message>
    <message>
        <source>step %1: the strongest head of layer 2 and up puts %2× a uniform head&apos;s weight on the character after the earlier copy</source>
        <translation>第 %1 步：第 2 层及以后最强的头放在前一份后面那个字上的权重是均匀头的 %2×</translation>
    </message>
    <message>
        <source>fastest fall: %1 nats</source>
        <translation>下降最快：%1 奈特</translation>
    </message>
    <message>
        <source>induction ×</source>
        <translation>归纳 ×</translation>
    </message>
    <message>
        <source>Hover a point for its step and loss. Validation rising while training falls is over-fitting: the model learns its training text by heart. The shaded stretch is where the validation loss fell fastest; the green line, on the right axis, how strongly the best head of layer 2 and up reads the character after the earlier copy of the current one (an induction head).</source>
        <translation>把指针停在一个点上可以看到它的步数和损失。训练损失下降而验证损失上升就是过拟合：模型在背训练文本。阴影部分是验证损失下降最快的一段；绿线（右轴）表示第 2 层及以后最强的头多大程度上读当前字前一次出现时后面的那个字（归纳头）。</translation>
    </message>
    <message>
        <source>%1, training loss</source>
        <translation>%1，训练损失</translation>
    </message>
</context>
<context>
    <name>attention::MainWindow</name>
    <message>
        <source>Vector plane</source>
        <translation>向量平面</translation>
    </message>
    <message>
        <source>Weights of the selected query</source>
        <translation>所选查询的权重</translation>
    </message>
    <message>
        <source>Queries, keys and values</source>
        <translation>查询、键和值</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>对比</translation>
    </message>
    <message>
        <source>Output = weights · values</source>
        <translation>输出 = 权重 · 值</translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>%1[*] — Attention Lab</source>
        <translation>%1[*] — 注意力实验室</translation>
    </message>
    <message>
        <source>scale %1×</source>
        <translation>缩放 %1×</translation>
    </message>
    <message>
        <source>÷ √d</source>
        <translation>÷ √d</translation>
    </message>
    <message>
        <source>no ÷ √d</source>
        <translation>不 ÷ √d</translation>
    </message>
    <message>
        <source>causal</source>
        <translation>因果掩码</translation>
    </message>
    <message>
        <source>full attention</source>
        <translation>无掩码</translation>
    </message>
    <message>
        <source>Tokens, dimension and the switches of the current scenario</source>
        <translation>当前场景的词元数、维度和各个开关</translation>
    </message>
    <message>
        <source>Restore the hand-made queries and keys</source>
        <translation>恢复手工设定的查询和键</translation>
    </message>
    <message>
        <source>Random queries and keys, d = %1</source>
        <translation>随机查询和键，d = %1</translation>
    </message>
    <message>
        <source>Load preset %1</source>
        <translation>载入预设 %1</translation>
    </message>
    <message>
        <source>The weights heatmap is on the clipboard</source>
        <translation>权重热力图已复制到剪贴板</translation>
    </message>
    <message>
        <source>Controls</source>
        <translation>控制栏</translation>
    </message>
    <message>
        <source>computing…</source>
        <translation>计算中…</translation>
    </message>
    <message>
        <source>Open a learned head</source>
        <translation>打开学到的头</translation>
    </message>
</context>
<context>
    <name>attention::ManualWindow</name>
    <message>
        <source>User Manual — Attention Lab</source>
        <translation>用户手册 — 注意力实验室</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>后退</translation>
    </message>
    <message>
        <source>The page read before</source>
        <translation>回到之前读的页面</translation>
    </message>
    <message>
        <source>Forward</source>
        <translation>前进</translation>
    </message>
    <message>
        <source>The page read after this one</source>
        <translation>前往之后读的页面</translation>
    </message>
    <message>
        <source>The Lesson</source>
        <translation>课程</translation>
    </message>
    <message>
        <source>Back to the manual&apos;s first page, the lesson</source>
        <translation>回到手册的第一页：课程</translation>
    </message>
    <message>
        <source>The manual was not found. It is installed with the programs in %1; in a build from source it is the folder docs/ of the source tree, %2.</source>
        <translation>找不到用户手册。随程序安装时，它位于 %1；从源代码构建时，它是源代码树中的 docs/ 文件夹，即 %2。</translation>
    </message>
</context>
<context>
    <name>attention::MaskPage</name>
    <message>
        <source>Re-roll q and k</source>
        <translation>重新抽取 q 和 k</translation>
    </message>
    <message>
        <source>&amp;Re-roll q and k</source>
        <translation>重新抽取 q 和 k(&amp;R)</translation>
    </message>
    <message>
        <source>Draw new random queries and keys (seeded; undoable)</source>
        <translation>重新随机生成查询和键（种子固定；可撤销）</translation>
    </message>
    <message>
        <source>Every row&apos;s weights sum to 1 (largest error %1).</source>
        <translation>每一行的权重之和都为 1（最大误差 %1）。</translation>
    </message>
    <message>
        <source>Mask on: %1 scores above the diagonal are −∞, and their weights are exactly %2. %3</source>
        <translation>掩码开启：对角线以上的 %1 个分数为 −∞，它们的权重恰好为 %2。%3</translation>
    </message>
    <message>
        <source>Mask off: every token sees every other one, the later ones too; the largest weight above the diagonal is %1. %2</source>
        <translation>掩码关闭：每个词元都能看到其他所有词元，包括后面的；对角线以上的最大权重为 %1。%2</translation>
    </message>
    <message>
        <source>Start the step over</source>
        <translation>本步重来</translation>
    </message>
</context>
<context>
    <name>attention::ModelActions</name>
    <message>
        <source>Open Model</source>
        <translation>打开模型</translation>
    </message>
    <message>
        <source>Save Model</source>
        <translation>保存模型</translation>
    </message>
    <message>
        <source>Open &amp;Model…</source>
        <translation>打开模型(&amp;M)…</translation>
    </message>
    <message>
        <source>Open a trained tiny model (safetensors) in lesson step 7</source>
        <translation>在课程第 7 步中打开训练好的小模型（safetensors）</translation>
    </message>
    <message>
        <source>Save Mo&amp;del…</source>
        <translation>保存模型(&amp;D)…</translation>
    </message>
    <message>
        <source>Cannot Open Model</source>
        <translation>无法打开模型</translation>
    </message>
    <message>
        <source>Opened the model %1</source>
        <translation>已打开模型 %1</translation>
    </message>
    <message>
        <source>Cannot Save Model</source>
        <translation>无法保存模型</translation>
    </message>
    <message>
        <source>Open Recent Mode&amp;ls</source>
        <translation>最近打开的模型(&amp;L)</translation>
    </message>
    <message>
        <source>Save Model: %1</source>
        <translation>保存模型：%1</translation>
    </message>
    <message>
        <source>Save the best or the latest weights of lesson step 7&apos;s model (safetensors)</source>
        <translation>保存课程第 7 步模型的最佳权重或最新权重（safetensors）</translation>
    </message>
    <message>
        <source>Saved %1 as %2</source>
        <translation>已把%1保存为 %2</translation>
    </message>
    <message>
        <source>the best weights (step %1)</source>
        <translation>最佳权重（第 %1 步）</translation>
    </message>
    <message>
        <source>the latest weights (step %1)</source>
        <translation>最新权重（第 %1 步）</translation>
    </message>
    <message>
        <source>The model is at step %1, but its validation loss was lowest at step %2. Which weights do you want to save?</source>
        <translation>模型已训练到第 %1 步，但验证损失在第 %2 步最低。要保存哪一份权重？</translation>
    </message>
    <message>
        <source>Best (step %1)</source>
        <translation>最佳（第 %1 步）</translation>
    </message>
    <message>
        <source>Latest (step %1)</source>
        <translation>最新（第 %1 步）</translation>
    </message>
</context>
<context>
    <name>attention::NextCharPanel</name>
    <message>
        <source>Pick a position in the heads to see what the model expects next.</source>
        <translation>在各个头中选一个位置，即可看到模型对下一个字符的预测。</translation>
    </message>
    <message>
        <source>Type a prompt to continue.</source>
        <translation>请输入要续写的提示。</translation>
    </message>
    <message>
        <source>Temperature %1</source>
        <translation>温度 %1</translation>
    </message>
    <message>
        <source>Temperature from %1 to %2; Page Up and Page Down move by a tenth.</source>
        <translation>温度从 %1 到 %2；Page Up 和 Page Down 每次移动全程的十分之一。</translation>
    </message>
    <message>
        <source>The logits are divided by the temperature before softmax: the score scale of step 2 at %1×. Low temperatures sharpen the choice onto the likeliest character, high ones flatten it.</source>
        <translation>在 softmax 之前，各字符的原始分数先除以温度：相当于把第 2 步的分数缩放调到 %1×。温度低，选择会集中到最可能的字符上；温度高，选择会变得平均。</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>种子</translation>
    </message>
    <message>
        <source>Sample</source>
        <translation>采样</translation>
    </message>
    <message>
        <source>Continues the prompt by %1 characters, each drawn at this temperature.</source>
        <translation>在提示后续写 %1 个字符，每个都按当前温度抽取。</translation>
    </message>
    <message>
        <source>rare</source>
        <translation>生僻字</translation>
    </message>
    <message>
        <source>“rare” stands for every character the model saw too seldom to learn on its own; Sample never draws it.</source>
        <translation>“生僻字”代表所有模型见得太少、无法单独学会的字；采样时从不抽到它。</translation>
    </message>
    <message>
        <source>After a character the model does not know (position %1), the probability of each next character:</source>
        <translation>在一个模型不认识的字符（第 %1 个位置）之后，下一个字符的概率：</translation>
    </message>
    <message>
        <source>After “%1” (position %2), the probability of each next character:</source>
        <translation>在“%1”（第 %2 个位置）之后，下一个字符的概率：</translation>
    </message>
    <message>
        <source>Probability of each next character</source>
        <translation>下一个字符的概率</translation>
    </message>
    <message>
        <source>“rare” is no single character: it is all the characters the model saw too seldom to learn on its own, counted together as one. Sample never draws it.</source>
        <translation>“生僻字”不是某一个字：它是模型见得太少、没能单独学会的所有字，合在一起算作一个。采样时从不抽到它。</translation>
    </message>
</context>
<context>
    <name>attention::OutputView</name>
    <message>
        <source>Each output row is the weighted sum of the value rows, with the weights of that row&apos;s query.</source>
        <translation>每一行输出都是各行值的加权和，权重来自这一行的查询。</translation>
    </message>
    <message>
        <source>The values are one-hot: token i&apos;s value is the i-th unit vector, so each output row is that query&apos;s row of weights. With %1 tokens the output is the weights heatmap itself, and it is not drawn twice.</source>
        <translation>值是独热向量：第 i 个词元的值是第 i 个单位向量，所以每一行输出就是该查询那一行的权重。共有 %1 个词元时，输出就是权重热力图本身，这里不再重复绘制。</translation>
    </message>
</context>
<context>
    <name>attention::PositionLossView</name>
    <message>
        <source>Predicting %1 after %2: %3 nats (−ln p)</source>
        <translation>在 %2 之后预测 %1：%3 奈特（−ln p）</translation>
    </message>
    <message>
        <source>Loss of each next character (nats)</source>
        <translation>每个下一个字的损失（奈特）</translation>
    </message>
    <message>
        <source>first copy %1, second %2</source>
        <translation>第一份 %1，第二份 %2</translation>
    </message>
    <message>
        <source>Loss of each next character on the probe line</source>
        <translation>探测文本上每个下一个字的损失</translation>
    </message>
</context>
<context>
    <name>attention::PositionStepMap</name>
    <message>
        <source>Now %1 nats.</source>
        <translation>现在是 %1 奈特。</translation>
    </message>
    <message>
        <source>Step %1, position %2: %3 nats</source>
        <translation>第 %1 步，位置 %2：%3 奈特</translation>
    </message>
    <message>
        <source>Step %1: in-context learning score %2 nats</source>
        <translation>第 %1 步：上下文学习分数 %2 奈特</translation>
    </message>
    <message>
        <source>Loss at each position over training</source>
        <translation>训练过程中每个位置的损失</translation>
    </message>
    <message>
        <source>The validation loss fell fastest between steps %1 and %2.</source>
        <translation>验证损失在第 %1 步到第 %2 步之间下降最快。</translation>
    </message>
    <message>
        <source>The first validation&apos;s score was %1 nats.</source>
        <translation>第一次验证的分数是 %1 奈特。</translation>
    </message>
    <message>
        <source>Loss at each position over training (dark: low); under it, the in-context learning score.</source>
        <translation>训练过程中每个位置的损失（越深越低）；下面是上下文学习分数。</translation>
    </message>
    <message>
        <source>A row per position of the validation windows (the first at the top), a column per validation, dark for a low loss (0 to %1 nats). The in-context learning score is the last quarter&apos;s loss less the second eighth&apos;s: it drops when the later positions, which see more of the text, are guessed better. The dashed lines and the shading mark where the validation loss fell fastest. Hover for the figures.</source>
        <translation>验证窗口的每个位置一行（第一个在最上面），每次验证一列，颜色越深损失越低（0 到 %1 奈特）。上下文学习分数是最后四分之一位置的损失减去第二个八分之一位置的损失：靠后的位置看到的文本更多，它们猜得更准时分数就下降。虚线和阴影标出验证损失下降最快的一段。把指针停在上面可以看到数值。</translation>
    </message>
    <message>
        <source>The kept run %1: its loss at each position over training (dark: low); under it, its in-context learning score, this run&apos;s faint.</source>
        <translation>保留的训练 %1：它在训练过程中每个位置的损失（越深越低）；下面是它的上下文学习分数，这次训练的分数画得较淡。</translation>
    </message>
    <message>
        <source>It ended at %1 nats.</source>
        <translation>最后是 %1 奈特。</translation>
    </message>
</context>
<context>
    <name>attention::QueryKeyPage</name>
    <message>
        <source>key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>q · k</source>
        <translation>q · k</translation>
    </message>
    <message>
        <source>× %1 = score</source>
        <translation>× %1 = 分数</translation>
    </message>
    <message>
        <source>weight</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Query of %1 = [%2]: its dot product with each key, the scaled score, and the softmax weight.</source>
        <translation>%1 的查询 = [%2]：它与每个键的点积、缩放后的分数，以及 softmax 权重。</translation>
    </message>
    <message>
        <source>Start the step over</source>
        <translation>本步重来</translation>
    </message>
</context>
<context>
    <name>attention::RecentFiles</name>
    <message>
        <source>&amp;Clear List</source>
        <translation>清空列表(&amp;C)</translation>
    </message>
</context>
<context>
    <name>attention::RunCurves</name>
    <message numerus="yes">
        <source>The oldest kept run (%1) was dropped: at most %n are kept.</source>
        <translation>
            <numerusform>最早保留的训练（%1）已丢弃：最多保留 %n 次。</numerusform>
        </translation>
    </message>
    <message>
        <source>The kept runs could not be saved: %1</source>
        <translation>无法保存保留的训练：%1</translation>
    </message>
    <message numerus="yes">
        <source>%1, %n layer(s), %2 steps</source>
        <translation>
            <numerusform>%1，%n 层，%2 步</numerusform>
        </translation>
    </message>
    <message>
        <source>kept: %1</source>
        <translation>保留：%1</translation>
    </message>
    <message>
        <source>Keep a run to compare the next ones with it.</source>
        <translation>保留一次训练，用来和后面的训练比较。</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) kept, drawn faint.</source>
        <translation>
            <numerusform>已保留 %n 次训练，以浅色画出。</numerusform>
        </translation>
    </message>
    <message>
        <source>Keep this run</source>
        <translation>保留这次训练</translation>
    </message>
    <message>
        <source>Keep this run&apos;s curves to compare the next runs with: train one layer, keep it, then train two and see which one has the phase change.</source>
        <translation>保留这次训练的曲线，用来和后面的训练比较：先训练一层并保留，再训练两层，看看哪一次出现了相变。</translation>
    </message>
    <message>
        <source>Forget kept runs</source>
        <translation>清除保留的训练</translation>
    </message>
    <message>
        <source>Map of this run</source>
        <translation>这次训练的图</translation>
    </message>
    <message>
        <source>Map of the kept run %1</source>
        <translation>保留的训练 %1 的图</translation>
    </message>
    <message>
        <source>Which run&apos;s loss at each position the map shows: a kept one-layer run&apos;s stays light in the late positions.</source>
        <translation>图中显示哪次训练在每个位置的损失：保留的一层训练在靠后的位置一直较浅。</translation>
    </message>
    <message>
        <source>Map of</source>
        <translation>显示的图</translation>
    </message>
</context>
<context>
    <name>attention::RunFiles</name>
    <message>
        <source>The run trained %1 steps; its best validation loss, %2, came at step %3. Its weights are not saved.</source>
        <translation>这次训练进行了 %1 步；最低验证损失 %2 出现在第 %3 步。它的权重还没有保存。</translation>
    </message>
    <message>
        <source>The run trained %1 steps. Its weights are not saved.</source>
        <translation>这次训练进行了 %1 步。它的权重还没有保存。</translation>
    </message>
    <message>
        <source>Unsaved Run</source>
        <translation>未保存的训练</translation>
    </message>
    <message>
        <source>Save the model before it is replaced?</source>
        <translation>在替换之前先保存模型吗？</translation>
    </message>
</context>
<context>
    <name>attention::ScenarioDocument</name>
    <message>
        <source>Rename scenario</source>
        <translation>重命名场景</translation>
    </message>
    <message>
        <source>Change score scale</source>
        <translation>修改分数缩放</translation>
    </message>
    <message>
        <source>Divide by √d</source>
        <translation>除以 √d</translation>
    </message>
    <message>
        <source>Do not divide by √d</source>
        <translation>不除以 √d</translation>
    </message>
    <message>
        <source>Turn causal mask on</source>
        <translation>打开因果掩码</translation>
    </message>
    <message>
        <source>Turn causal mask off</source>
        <translation>关闭因果掩码</translation>
    </message>
    <message>
        <source>There is no entry %1 of token %2.</source>
        <translation>第 %2 个词元没有第 %1 项。</translation>
    </message>
    <message>
        <source>A vector of width %1 does not fit token %2.</source>
        <translation>宽度为 %1 的向量与第 %2 个词元不匹配。</translation>
    </message>
    <message>
        <source>Move %1</source>
        <translation>移动 %1</translation>
    </message>
    <message>
        <source>There is no token %1.</source>
        <translation>没有第 %1 个词元。</translation>
    </message>
    <message>
        <source>Rename token</source>
        <translation>重命名词元</translation>
    </message>
    <message>
        <source>A token cannot be inserted at position %1.</source>
        <translation>无法在第 %1 个位置插入词元。</translation>
    </message>
    <message>
        <source>Add token</source>
        <translation>添加词元</translation>
    </message>
    <message>
        <source>A scenario needs at least one token.</source>
        <translation>场景至少需要一个词元。</translation>
    </message>
    <message>
        <source>Remove token</source>
        <translation>删除词元</translation>
    </message>
    <message>
        <source>The dimension must be 1 to %1.</source>
        <translation>维度必须在 1 到 %1 之间。</translation>
    </message>
    <message>
        <source>Change dimension to %1</source>
        <translation>把维度改为 %1</translation>
    </message>
    <message>
        <source>There is no dimension %1.</source>
        <translation>没有第 %1 维。</translation>
    </message>
    <message>
        <source>Rename dimension</source>
        <translation>重命名维度</translation>
    </message>
    <message>
        <source>Edit %1</source>
        <translation>编辑 %1</translation>
    </message>
</context>
<context>
    <name>attention::SelfCheckPage</name>
    <message>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
    <message>
        <source>Hide the answer</source>
        <translation>隐藏答案</translation>
    </message>
    <message>
        <source>Show the answer</source>
        <translation>显示答案</translation>
    </message>
</context>
<context>
    <name>attention::SqrtDCharts</name>
    <message>
        <source>current d = %1</source>
        <translation>当前 d = %1</translation>
    </message>
    <message>
        <source>Spread of the dot products q·k (log scale)</source>
        <translation>点积 q·k 的波动（对数刻度）</translation>
    </message>
    <message>
        <source>dimension d (log scale)</source>
        <translation>维度 d（对数刻度）</translation>
    </message>
    <message>
        <source>standard deviation (log scale)</source>
        <translation>标准差（对数刻度）</translation>
    </message>
    <message>
        <source>measured std of q·k</source>
        <translation>实测 q·k 标准差</translation>
    </message>
    <message>
        <source>√d</source>
        <translation>√d</translation>
    </message>
    <message>
        <source>Each point is the standard deviation of all q·k of many random trials at that d. The dashed line is √d; the red line and ring mark the d the slider sets.</source>
        <translation>每个点是该 d 下多次随机试验中所有 q·k 的标准差。虚线是 √d；红线和红圈标出滑块设定的 d。</translation>
    </message>
    <message>
        <source>Largest weight in a row (mean)</source>
        <translation>每行最大权重（均值）</translation>
    </message>
    <message>
        <source>mean largest weight</source>
        <translation>最大权重的均值</translation>
    </message>
    <message>
        <source>softmax(q·k)</source>
        <translation>softmax(q·k)</translation>
    </message>
    <message>
        <source>softmax(q·k / √d)</source>
        <translation>softmax(q·k / √d)</translation>
    </message>
    <message>
        <source>even weights, 1/T</source>
        <translation>均匀权重 1/T</translation>
    </message>
    <message>
        <source>Near 1, one key takes all the weight of its row; at 1/T every key gets the same. The red line and rings mark the d the slider sets.</source>
        <translation>接近 1 时，一个键拿走这一行的全部权重；等于 1/T 时，每个键得到的一样多。红线和红圈标出滑块设定的 d。</translation>
    </message>
</context>
<context>
    <name>attention::SqrtDPage</name>
    <message>
        <source>Dimension &amp;d:</source>
        <translation>维度 d(&amp;D)：</translation>
    </message>
    <message>
        <source>The width d of every query and key. The charts mark this d; the heatmaps show one random trial at it.</source>
        <translation>每个查询和键的宽度 d。图表标出了这个 d；热力图显示这个 d 下的一次随机试验。</translation>
    </message>
    <message>
        <source>&amp;Tokens per trial T:</source>
        <translation>每次试验的词元数 T(&amp;T)：</translation>
    </message>
    <message>
        <source>How many queries and keys each random trial draws. Changing T measures the curves again.</source>
        <translation>每次随机试验抽取多少个查询和键。改变 T 会重新测量曲线。</translation>
    </message>
    <message>
        <source>softmax(q·k)</source>
        <translation>softmax(q·k)</translation>
    </message>
    <message>
        <source>softmax(q·k / √d)</source>
        <translation>softmax(q·k / √d)</translation>
    </message>
    <message>
        <source>one trial at d = %1: softmax(q·k)</source>
        <translation>d = %1 时的一次试验：softmax(q·k)</translation>
    </message>
    <message>
        <source>the same trial: softmax(q·k / √d)</source>
        <translation>同一次试验：softmax(q·k / √d)</translation>
    </message>
    <message>
        <source>d = %1</source>
        <translation>d = %1</translation>
    </message>
    <message>
        <source>d = %1: measuring…</source>
        <translation>d = %1：正在测量…</translation>
    </message>
    <message>
        <source>At d = %1 the dot products q·k have a standard deviation of %2 (√d = %3). The largest weight in a row averages %4 without scaling and %5 after dividing by √d.</source>
        <translation>d = %1 时，点积 q·k 的标准差为 %2（√d = %3）。每行最大权重的平均值：不缩放时为 %4，除以 √d 后为 %5。</translation>
    </message>
    <message>
        <source>Measuring %1 trials per d: %2 of %3 dimensions…</source>
        <translation>正在测量，每个 d 做 %1 次试验：已完成 %2/%3 个维度…</translation>
    </message>
    <message>
        <source>%1 random trials per d, seed %2</source>
        <translation>每个 d 做 %1 次随机试验，种子 %2</translation>
    </message>
</context>
<context>
    <name>attention::SqrtDTable</name>
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
        <source>largest weight
unscaled</source>
        <translation>最大权重
不缩放</translation>
    </message>
    <message>
        <source>largest weight
÷ √d</source>
        <translation>最大权重
÷ √d</translation>
    </message>
    <message>
        <source>The lesson&apos;s four dimensions, measured with the same trials as the charts.</source>
        <translation>课程中的四个维度，用与图表相同的试验测得。</translation>
    </message>
</context>
<context>
    <name>attention::TrainControls</name>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>Train</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>opened model: %1 steps</source>
        <translation>已打开的模型：%1 步</translation>
    </message>
    <message>
        <source>step %1 of %2</source>
        <translation>第 %1 步，共 %2 步</translation>
    </message>
    <message>
        <source>No corpus loaded.</source>
        <translation>尚未载入语料。</translation>
    </message>
    <message>
        <source>A new model with random weights: press Train.</source>
        <translation>一个权重随机的新模型：请按“训练”。</translation>
    </message>
    <message>
        <source>Training…</source>
        <translation>训练中…</translation>
    </message>
    <message>
        <source>Paused at step %1.</source>
        <translation>已暂停在第 %1 步。</translation>
    </message>
    <message>
        <source>Done: %1 steps, %2 steps/s.</source>
        <translation>完成：共 %1 步，每秒 %2 步。</translation>
    </message>
    <message>
        <source>Done: %1 steps.</source>
        <translation>完成：共 %1 步。</translation>
    </message>
    <message>
        <source>A model from a file. Reset starts a new run with these settings.</source>
        <translation>这是从文件打开的模型。按“重置”会用这些设置重新训练。</translation>
    </message>
    <message>
        <source>Best validation loss %1 at step %2.</source>
        <translation>最低验证损失 %1（第 %2 步）。</translation>
    </message>
    <message>
        <source>唐诗三百首 (Tang poems)</source>
        <translation>唐诗三百首</translation>
    </message>
    <message>
        <source>宋词一百首 (Song lyrics)</source>
        <translation>宋词一百首</translation>
    </message>
    <message>
        <source>Copy task (repeats %1 back)</source>
        <translation>复制任务（重复前面第 %1 个字符）</translation>
    </message>
    <message>
        <source>Text file…</source>
        <translation>文本文件…</translation>
    </message>
    <message>
        <source>Corpus</source>
        <translation>语料</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>上下文</translation>
    </message>
    <message>
        <source>How many characters the model sees at once (1 to 256).</source>
        <translation>模型一次能看到多少个字符（1 到 256）。</translation>
    </message>
    <message>
        <source>d_model</source>
        <translation>d_model</translation>
    </message>
    <message>
        <source>The width of every vector in the model; a multiple of the number of heads.</source>
        <translation>模型中每个向量的宽度；必须是头数的倍数。</translation>
    </message>
    <message>
        <source>Heads</source>
        <translation>头数</translation>
    </message>
    <message>
        <source>Attention heads per layer; each has d_model / heads dimensions.</source>
        <translation>每层的注意力头数；每个头有 d_model / 头数 个维度。</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <source>Transformer blocks, 1 to 4.</source>
        <translation>Transformer 块的个数，1 到 4。</translation>
    </message>
    <message>
        <source>MLP</source>
        <translation>MLP</translation>
    </message>
    <message>
        <source>Whether each block has its feed-forward network after attention.</source>
        <translation>每个块在注意力之后是否带有前馈网络。</translation>
    </message>
    <message>
        <source>after attention</source>
        <translation>接在注意力之后</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>Training steps of 32 random windows each.</source>
        <translation>训练步数，每步用 32 个随机窗口。</translation>
    </message>
    <message>
        <source>Learning rate</source>
        <translation>学习率</translation>
    </message>
    <message>
        <source>The peak step size of AdamW; too large and the loss jumps, too small and it crawls.</source>
        <translation>AdamW 的峰值步长；太大，损失会来回跳；太小，损失降得很慢。</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>种子</translation>
    </message>
    <message>
        <source>The same seed and settings train exactly the same model.</source>
        <translation>种子和设置相同，训练出的模型就完全相同。</translation>
    </message>
    <message>
        <source>Threads</source>
        <translation>线程数</translation>
    </message>
    <message>
        <source>CPU threads that share each step.</source>
        <translation>共同计算每一步的 CPU 线程数。</translation>
    </message>
    <message>
        <source>One step</source>
        <translation>单步</translation>
    </message>
    <message>
        <source>Trains exactly one step, then pauses.</source>
        <translation>只训练一步，然后暂停。</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>重置</translation>
    </message>
    <message>
        <source>A new model with random weights and the settings above.</source>
        <translation>按上面的设置新建一个权重随机的模型。</translation>
    </message>
    <message>
        <source>The settings changed: Reset starts a run with them.</source>
        <translation>设置已修改：按“重置”即可用新设置开始训练。</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <comment>two sentences of the training status</comment>
        <translation>%1%2</translation>
    </message>
    <message>
        <source>Training: %1 steps/s, about %2 left.</source>
        <translation>训练中：每秒 %1 步，大约还要 %2。</translation>
    </message>
    <message>
        <source>Open a text to train on</source>
        <translation>打开用于训练的文本</translation>
    </message>
    <message>
        <source>Text files (*.txt);;All files (*)</source>
        <translation>文本文件 (*.txt);;所有文件 (*)</translation>
    </message>
    <message>
        <source>This run needs about %1 of memory.</source>
        <translation>这次训练大约需要 %1 内存。</translation>
    </message>
    <message>
        <source>This run needs about %1 of memory and %2.</source>
        <translation>这次训练大约需要 %1 内存，用时约 %2。</translation>
    </message>
    <message>
        <source>A heavy run: about %1 of memory (this computer has %2) and %3. Fewer steps, a shorter context or a smaller d_model train in minutes.</source>
        <translation>这是一次很重的训练：大约需要 %1 内存（本机共有 %2），用时约 %3。减少步数、缩短上下文或减小 d_model，几分钟就能训练完。</translation>
    </message>
    <message>
        <source>A heavy run: about %1 of memory and %2. Fewer steps, a shorter context or a smaller d_model train in minutes.</source>
        <translation>这是一次很重的训练：大约需要 %1 内存，用时约 %2。减少步数、缩短上下文或减小 d_model，几分钟就能训练完。</translation>
    </message>
    <message>
        <source>A heavy run</source>
        <translation>很重的训练</translation>
    </message>
    <message>
        <source>The computer may slow down while it runs. Train anyway?</source>
        <translation>训练期间电脑可能会变慢。仍要训练吗？</translation>
    </message>
    <message>
        <source>Train anyway? Pause stops it at any time.</source>
        <translation>仍要训练吗？随时可以按“暂停”停下。</translation>
    </message>
    <message>
        <source>Past step %1 (where its schedule ended) the run trains at its last learning rate, %2.</source>
        <translation>第 %1 步之后（原定的学习率计划到此结束），训练沿用最后的学习率 %2。</translation>
    </message>
    <message>
        <source>全唐诗 (all Tang poems)</source>
        <translation>全唐诗</translation>
    </message>
    <message>
        <source>Repeat task (induction)</source>
        <translation>重复任务（归纳）</translation>
    </message>
    <message>
        <source>What the model learns to continue: a UTF-8 text file is cut into paragraphs. In the copy task every character repeats the one %1 places back, so a head should learn to look exactly %2 back. In the repeat task random strings are written twice: two heads together learn to find the earlier copy and read what came next (an induction head).</source>
        <translation>模型学着续写的内容：UTF-8 文本文件按段落切分。在复制任务里每个字都重复前面第 %1 个字，所以应当有一个头学会恰好往前看 %2 个字。在重复任务里随机字符串写两遍：两个头一起学会找到前一份并读出它后面的字（归纳头）。</translation>
    </message>
    <message>
        <source>Your last session&apos;s best weights, saved %1: shown, not trained further. Reset starts a new run with these settings.</source>
        <translation>上次使用时最好的权重，保存于 %1：只显示，不再继续训练。按“重置”会用这些设置开始新的训练。</translation>
    </message>
</context>
<context>
    <name>attention::TrainPage</name>
    <message>
        <source>Models (*.safetensors);;All files (*)</source>
        <translation>模型文件 (*.safetensors);;所有文件 (*)</translation>
    </message>
    <message>
        <source>%1, layer %2, head %3, step %4</source>
        <translation>%1，第 %2 层，第 %3 个头，第 %4 步</translation>
    </message>
    <message>
        <source>There is no model to save yet: train one first.</source>
        <translation>还没有可以保存的模型：请先训练一个。</translation>
    </message>
    <message>
        <source>Attention Lab</source>
        <translation>注意力实验室</translation>
    </message>
    <message>
        <source>The selected head</source>
        <translation>所选的头</translation>
    </message>
    <message>
        <source>Next character</source>
        <translation>下一个字符</translation>
    </message>
    <message>
        <source>Save model…</source>
        <translation>保存模型…</translation>
    </message>
    <message>
        <source>Open model…</source>
        <translation>打开模型…</translation>
    </message>
    <message>
        <source>What each head is worth</source>
        <translation>各个头的作用</translation>
    </message>
    <message>
        <source>Open the long-trained model</source>
        <translation>打开长时间训练的模型</translation>
    </message>
    <message>
        <source>A model trained on 全唐诗 for %1 minutes that ships with Attention Lab: see what heads learn from 57,603 poems.</source>
        <translation>随 Attention Lab 提供、在全唐诗上训练了 %1 分钟的模型：看看各个头从 57,603 首诗里学到了什么。</translation>
    </message>
</context>
<context>
    <name>attention::UndoActions</name>
    <message>
        <source>Undo the last change</source>
        <translation>撤销上一次修改</translation>
    </message>
    <message>
        <source>Redo the change just undone</source>
        <translation>重做刚撤销的修改</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Undo %1</source>
        <translation>撤销“%1”(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Redo %1</source>
        <translation>重做“%1”(&amp;R)</translation>
    </message>
</context>
<context>
    <name>attention::VectorEditor</name>
    <message>
        <source>token %1</source>
        <translation>词元 %1</translation>
    </message>
    <message>
        <source>Not changed: %1</source>
        <translation>未修改：%1</translation>
    </message>
    <message>
        <source>Add token</source>
        <translation>添加词元</translation>
    </message>
    <message>
        <source>Add a token after the current row, with zero query and key; then type its name.</source>
        <translation>在当前行之后添加一个词元，查询和键都为零；随后输入它的名字。</translation>
    </message>
    <message>
        <source>Remove token</source>
        <translation>删除词元</translation>
    </message>
    <message>
        <source>Remove the token of the current row (a scenario keeps at least one token).</source>
        <translation>删除当前行的词元（场景至少保留一个词元）。</translation>
    </message>
    <message>
        <source>&amp;d =</source>
        <translation>&amp;d =</translation>
    </message>
    <message>
        <source>d, the width of every query and key (1 to %1). New dimensions start at 0; lowering d drops the last dimensions (undo brings them back).</source>
        <translation>d：每个查询和键的维数（1 到 %1）。新增的维度从 0 开始；减小 d 会去掉最后几个维度（撤销可以找回）。</translation>
    </message>
    <message>
        <source>Each row is a token: its query (what it looks for), key (what it offers) and value (what it passes on). Double-click or type to edit; arrow keys and the wheel change a number step by step.</source>
        <translation>每一行是一个词元：它的查询（要找什么）、键（能提供什么）和值（传递什么）。双击或直接输入即可编辑；方向键和滚轮可以逐步调整数值。</translation>
    </message>
    <message>
        <source>Why the last edit was not applied</source>
        <translation>上一次编辑没有生效的原因</translation>
    </message>
</context>
<context>
    <name>attention::VectorPlane</name>
    <message>
        <source>Keys (solid) and queries (dashed) as arrows from the origin.
Drag an arrow&apos;s tip to change that vector; hold Shift to snap to 0.1.
Click a query&apos;s tip to select it.</source>
        <translation>键（实线）和查询（虚线）都画成从原点出发的箭头。
拖动箭头的尖端即可修改这个向量；按住 Shift 时按 0.1 对齐。
点击查询的尖端可以选中它。</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>&amp;Horizontal:</source>
        <translation>横轴(&amp;H)：</translation>
    </message>
    <message>
        <source>&amp;Vertical:</source>
        <translation>纵轴(&amp;V)：</translation>
    </message>
    <message>
        <source>The dimension of the queries and keys on the horizontal axis</source>
        <translation>横轴上显示查询和键的哪个维度</translation>
    </message>
    <message>
        <source>The dimension of the queries and keys on the vertical axis</source>
        <translation>纵轴上显示查询和键的哪个维度</translation>
    </message>
    <message>
        <source>Vector plane</source>
        <translation>向量平面</translation>
    </message>
    <message>
        <source>Queries and keys drawn as arrows; drag a tip to change that vector.</source>
        <translation>查询和键画成箭头；拖动尖端即可修改该向量。</translation>
    </message>
    <message>
        <source>q(%1) = [%2]</source>
        <translation>q(%1) = [%2]</translation>
    </message>
    <message>
        <source>k(%1) = [%2]</source>
        <translation>k(%1) = [%2]</translation>
    </message>
    <message>
        <source>masked (−∞)</source>
        <translation>已遮住（−∞）</translation>
    </message>
    <message>
        <source>  q(%1)·k(%2) = %3, score %4, weight %5</source>
        <translation>  q(%1)·k(%2) = %3，分数 %4，权重 %5</translation>
    </message>
    <message>
        <source>q(%1)</source>
        <translation>q(%1)</translation>
    </message>
    <message>
        <source>k(%1)</source>
        <translation>k(%1)</translation>
    </message>
    <message>
        <source>Dragging here moves %1.</source>
        <translation>在这里拖动会移动 %1。</translation>
    </message>
    <message>
        <source>Drag the tip to change %1.</source>
        <translation>拖动尖端可以修改 %1。</translation>
    </message>
    <message>
        <source>Click to select this query.</source>
        <translation>点击可选中这个查询。</translation>
    </message>
    <message>
        <source>q %1</source>
        <translation>q %1</translation>
    </message>
    <message>
        <source>k %1</source>
        <translation>k %1</translation>
    </message>
    <message>
        <source>keys</source>
        <translation>键</translation>
    </message>
    <message>
        <source>queries</source>
        <translation>查询</translation>
    </message>
    <message>
        <source>%1 tokens: select a query to see its strongest keys</source>
        <translation>共 %1 个词元：选中一个查询，即可看到它权重最大的键</translation>
    </message>
    <message numerus="yes">
        <source>showing q %1 and its %n strongest keys of %2</source>
        <translation>
            <numerusform>显示 q %1 及其权重最大的 %n 个键（共 %2 个）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>attention::VectorTableModel</name>
    <message>
        <source>Token %1 of %2</source>
        <translation>第 %1 个词元，共 %2 个</translation>
    </message>
    <message>
        <source>A token needs a name; an empty name is not accepted.</source>
        <translation>词元需要一个名字；不能为空。</translation>
    </message>
    <message>
        <source>“%1” is not a number.</source>
        <translation>“%1”不是数字。</translation>
    </message>
    <message>
        <source>Token</source>
        <translation>词元</translation>
    </message>
    <message>
        <source>q·%1</source>
        <extracomment>Table header of a query entry along a named dimension, e.g. &quot;q·sky&quot;.</extracomment>
        <translation>q·%1</translation>
    </message>
    <message>
        <source>q%1</source>
        <translation>q%1</translation>
    </message>
    <message>
        <source>k·%1</source>
        <extracomment>Table header of a key entry along a named dimension, e.g. &quot;k·sky&quot;.</extracomment>
        <translation>k·%1</translation>
    </message>
    <message>
        <source>k%1</source>
        <translation>k%1</translation>
    </message>
    <message>
        <source>v%1</source>
        <translation>v%1</translation>
    </message>
    <message>
        <source>The token&apos;s name. Double-click a name to rename the token.</source>
        <translation>词元的名字。双击名字可以重命名。</translation>
    </message>
    <message>
        <source>Query, dimension %1 (%2): what each token looks for.</source>
        <translation>查询，第 %1 维（%2）：每个词元要找什么。</translation>
    </message>
    <message>
        <source>Key, dimension %1 (%2): what each token offers to the queries.</source>
        <translation>键，第 %1 维（%2）：每个词元向查询提供什么。</translation>
    </message>
    <message>
        <source>Value, entry %1: what each token passes on when it is attended to.</source>
        <translation>值，第 %1 项：词元被关注时传递出去的内容。</translation>
    </message>
    <message>
        <source>Token %1: “%2”. Double-click to rename it.</source>
        <translation>第 %1 个词元：“%2”。双击可以重命名。</translation>
    </message>
    <message>
        <source>Query of “%1”, dimension %2 (%3) = %4
How strongly “%1” looks for %3.</source>
        <translation>“%1”的查询，第 %2 维（%3）= %4
“%1”有多想找 %3。</translation>
    </message>
    <message>
        <source>Key of “%1”, dimension %2 (%3) = %4
How strongly “%1” offers %3 to the queries.</source>
        <translation>“%1”的键，第 %2 维（%3）= %4
“%1”向查询提供多少 %3。</translation>
    </message>
    <message>
        <source>Value of “%1”, entry %2 = %3
What “%1” passes on to the tokens that attend to it.</source>
        <translation>“%1”的值，第 %2 项 = %3
“%1”传递给关注它的词元的内容。</translation>
    </message>
    <message>
        <source>%1 is not a finite number.</source>
        <translation>%1 不是有限的数。</translation>
    </message>
    <message>
        <source>%1 is outside the range %2 to %3.</source>
        <translation>%1 超出了 %2 到 %3 的范围。</translation>
    </message>
</context>
<context>
    <name>attention::WeightsChart</name>
    <message>
        <source>Weights of the selected query</source>
        <translation>所选查询的权重</translation>
    </message>
    <message>
        <source>Weights of %1&apos;s query over the keys</source>
        <translation>%1 的查询在各个键上的权重</translation>
    </message>
    <message>
        <source>weight</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>keys 1 to %1</source>
        <translation>键 1 到 %1</translation>
    </message>
    <message>
        <source>keys</source>
        <translation>键</translation>
    </message>
    <message>
        <source>The selected query&apos;s weights: how much it takes from each key. Click a heatmap row to choose another query.</source>
        <translation>所选查询的权重：它从每个键各取多少。点击热力图中的一行可以换一个查询。</translation>
    </message>
    <message>
        <source>Bar chart of the selected query&apos;s weights over the keys (0 to 1).</source>
        <translation>所选查询在各个键上的权重柱状图（0 到 1）。</translation>
    </message>
    <message>
        <source>keys 1 to %1; each bar: the largest of %2</source>
        <translation>键 1 到 %1；每根柱：%2 个键中的最大值</translation>
    </message>
</context>
<context>
    <name>attention::WindowMenus</name>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Copy Weights Image</source>
        <translation>复制权重图片(&amp;C)</translation>
    </message>
    <message>
        <source>Copy the weights heatmap to the clipboard as an image</source>
        <translation>把权重热力图作为图片复制到剪贴板</translation>
    </message>
    <message>
        <source>&amp;Presets</source>
        <translation>预设(&amp;P)</translation>
    </message>
    <message>
        <source>Load the preset “%1” (undoable)</source>
        <translation>载入预设“%1”（可撤销）</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>Switch the interface language</source>
        <translation>切换界面语言</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About Attention Lab</source>
        <translation>关于注意力实验室(&amp;A)</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>关于 Qt(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Lesson</source>
        <translation>课程(&amp;L)</translation>
    </message>
    <message>
        <source>Follow the lesson step by step</source>
        <translation>跟着课程一步一步学</translation>
    </message>
    <message>
        <source>The guided lesson, step by step (Ctrl+1)</source>
        <translation>分步讲解的课程（Ctrl+1）</translation>
    </message>
    <message>
        <source>&amp;Workbench</source>
        <translation>工作台(&amp;W)</translation>
    </message>
    <message>
        <source>Edit a scenario freely: every heatmap and panel</source>
        <translation>自由编辑场景：所有热力图和面板</translation>
    </message>
    <message>
        <source>Edit any scenario freely (Ctrl+2)</source>
        <translation>自由编辑任意场景（Ctrl+2）</translation>
    </message>
    <message>
        <source>&amp;Full Screen</source>
        <translation>全屏(&amp;F)</translation>
    </message>
    <message>
        <source>Fill the screen, for presenting</source>
        <translation>铺满屏幕，便于演示</translation>
    </message>
    <message>
        <source>Fixed 0–1 &amp;Weight Colours</source>
        <translation>权重固定按 0–1 着色(&amp;W)</translation>
    </message>
    <message>
        <source>Colour weights from 0 to 1 always, so sharpening is easy to compare; off: from the smallest to the largest weight shown</source>
        <translation>权重始终按 0 到 1 着色，便于比较集中的程度；关闭后按所显示权重的最小值到最大值着色</translation>
    </message>
    <message>
        <source>&amp;Panels</source>
        <translation>面板(&amp;P)</translation>
    </message>
    <message>
        <source>About Attention Lab</source>
        <translation>关于注意力实验室</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Attention Lab %1&lt;/h3&gt;&lt;p&gt;Learn how attention in Transformers works by touching every number: queries, keys, scores, softmax, the causal mask and the output.&lt;/p&gt;&lt;p&gt;Built with Qt %2 (running on Qt %3) and Eigen %4.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;注意力实验室 %1&lt;/h3&gt;&lt;p&gt;亲手改动每一个数字，弄懂 Transformer 中的注意力：查询、键、分数、softmax、因果掩码和输出。&lt;/p&gt;&lt;p&gt;基于 Qt %2 构建（当前运行的是 Qt %3），数值计算使用 Eigen %4。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;%1 kernels for this CPU.&lt;/p&gt;</source>
        <translation>&lt;p&gt;本机 CPU 使用 %1 内核。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Licensed under the MIT License.&lt;/p&gt;</source>
        <translation>&lt;p&gt;采用 MIT 许可证授权。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;User Manual</source>
        <translation>用户手册(&amp;U)</translation>
    </message>
    <message>
        <source>Read the lesson, the workbench and the other documents in a window</source>
        <translation>在窗口中阅读课程、工作台和其他文档</translation>
    </message>
    <message>
        <source>Version, Qt and Eigen versions, the CPU path, where the manual is</source>
        <translation>版本号、Qt 和 Eigen 的版本、CPU 路径以及手册的位置</translation>
    </message>
    <message>
        <source>&lt;p&gt;The user manual was not found: it is installed in %1.&lt;/p&gt;</source>
        <translation>&lt;p&gt;找不到用户手册：安装后它位于 %1。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;The user manual (Help → User Manual) is in %1.&lt;/p&gt;</source>
        <translation>&lt;p&gt;用户手册（帮助 → 用户手册）位于 %1。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>attention::WindowZoom</name>
    <message>
        <source>Zoom %1%</source>
        <translation>缩放 %1%</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <source>Larger text and cells, for a projector</source>
        <translation>放大文字和格子，适合投影</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>缩小(&amp;O)</translation>
    </message>
    <message>
        <source>Smaller text and cells</source>
        <translation>缩小文字和格子</translation>
    </message>
    <message>
        <source>&amp;Reset Zoom</source>
        <translation>恢复原始大小(&amp;R)</translation>
    </message>
    <message>
        <source>Normal text size</source>
        <translation>正常文字大小</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>%1 (see --help)</source>
        <translation>%1（参见 --help）</translation>
    </message>
    <message>
        <source>Attention Lab: learn how attention in Transformers works by touching every number.</source>
        <translation>注意力实验室：亲手改动每一个数字，弄懂 Transformer 中的注意力。</translation>
    </message>
    <message>
        <source>Start with the built-in preset NAME (%1).</source>
        <translation>以内置预设 NAME 开始（%1）。</translation>
    </message>
    <message>
        <source>Interface language: en or zh_CN (default: the last one used, else the system&apos;s).</source>
        <translation>界面语言：en 或 zh_CN（默认用上次的语言，否则跟随系统）。</translation>
    </message>
    <message>
        <source>Lay the window out at %1 × %2 pixels, save it as FILE.png and exit.</source>
        <translation>把窗口按 %1 × %2 像素排好，保存为 FILE.png 后退出。</translation>
    </message>
    <message>
        <source>A scenario file to open.</source>
        <translation>要打开的场景文件。</translation>
    </message>
    <message>
        <source>only one scenario file can be opened</source>
        <translation>只能打开一个场景文件</translation>
    </message>
    <message>
        <source>unknown preset “%1”; the presets are: %2</source>
        <translation>未知预设“%1”；可用的预设：%2</translation>
    </message>
    <message>
        <source>give a scenario file or --preset, not both</source>
        <translation>场景文件和 --preset 只能给一个</translation>
    </message>
    <message>
        <source>--screenshot needs a file name</source>
        <translation>--screenshot 需要一个文件名</translation>
    </message>
    <message>
        <source>unknown language “%1”; use en or zh_CN</source>
        <translation>未知语言“%1”；请用 en 或 zh_CN</translation>
    </message>
    <message>
        <source>cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <source>Licensed under the MIT License.</source>
        <translation>采用 MIT 许可证授权。</translation>
    </message>
    <message>
        <source>--step must be a number from 1 to %1, not “%2”</source>
        <translation>--step 必须是 1 到 %1 之间的数，而不是“%2”</translation>
    </message>
    <message>
        <source>Open the lesson at step N (1–7; 8 is the self-check).</source>
        <translation>打开课程的第 N 步（1–7；8 是自测）。</translation>
    </message>
    <message>
        <source>With --step 2, 5, 6 or 7: set that step&apos;s exercise up (step 6 times it, step 7 trains the model first).</source>
        <translation>与 --step 2、5、6 或 7 一起使用：布置好该步的练习（第 6 步还会直接计时，第 7 步会先训练模型）。</translation>
    </message>
    <message>
        <source>--exercise needs --step 2, 5, 6 or 7</source>
        <translation>--exercise 需要配合 --step 2、5、6 或 7 使用</translation>
    </message>
    <message>
        <source>attention-lab: the page was still computing after %1 s; the picture shows it unfinished
</source>
        <translation>attention-lab：%1 秒后页面仍在计算；截图显示的是未完成的状态
</translation>
    </message>
    <message>
        <source>--exercise-index must be a number from 1 to %1, not “%2”</source>
        <translation>--exercise-index 必须是 1 到 %1 之间的数，而不是“%2”</translation>
    </message>
    <message>
        <source>With --step 7: which of the step&apos;s exercises to set up, 1, 2 or 3 (default 1); implies --exercise.</source>
        <translation>与 --step 7 一起使用：布置该步的第几个练习，1、2 或 3（默认 1）；隐含 --exercise。</translation>
    </message>
    <message>
        <source>With --screenshot: how long to wait for a lesson page that computes, 0 to %1 seconds (default %2); then the picture shows it unfinished.</source>
        <translation>与 --screenshot 一起使用：等待正在计算的课程页面多久，0 到 %1 秒（默认 %2）；超时后截图显示未完成的页面。</translation>
    </message>
    <message>
        <source>--screenshot-wait must be a number of seconds from 0 to %1, not “%2”</source>
        <translation>--screenshot-wait 必须是 0 到 %1 之间的秒数，而不是“%2”</translation>
    </message>
    <message>
        <source>--screenshot-wait needs --screenshot</source>
        <translation>--screenshot-wait 需要配合 --screenshot 使用</translation>
    </message>
</context>
</TS>
